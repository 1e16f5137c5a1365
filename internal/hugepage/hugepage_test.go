package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

func TestAllocAlignedAndZeroed(t *testing.T) {
	for _, n := range []int{0, 1, 4*Size - 1, 4 * Size, 5*Size + 12345} {
		b := Alloc(n)
		if len(b) != n || cap(b) != n {
			t.Fatalf("Alloc(%d): len %d cap %d", n, len(b), cap(b))
		}
		if n >= 4*Size && uintptr(unsafe.Pointer(unsafe.SliceData(b)))%Size != 0 {
			t.Errorf("Alloc(%d) at %p: not on a %d-byte boundary", n, unsafe.SliceData(b), Size)
		}
		for i, v := range b {
			if v != 0 {
				t.Fatalf("Alloc(%d)[%d] = %d, want 0", n, i, v)
			}
		}
	}
	// below 4 huge pages and unaligned: nothing to advise, no fault
	Advise(make([]byte, 100))
	Advise(nil)
	Advise(Bytes([]int32{1, 2, 3}))
}

func TestBytes(t *testing.T) {
	s := make([]uint64, 3)
	b := Bytes(s)
	if len(b) != 24 || unsafe.Pointer(&b[0]) != unsafe.Pointer(&s[0]) {
		t.Fatalf("Bytes of 3 uint64: len %d at %p, want 24 at %p", len(b), &b[0], &s[0])
	}
	if len(Bytes[int16](nil)) != 0 {
		t.Fatal("Bytes(nil) is not empty")
	}
}

// TestAllocOnHugePages checks, on Linux, that the block Alloc returns lies
// in one mapping advised for huge pages (VmFlags "hg" in /proc/self/smaps)
// that covers all of it. Whether the kernel then grants huge pages depends
// on its THP settings and free memory, not on this package, so how much it
// granted is only logged.
func TestAllocOnHugePages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux only")
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		t.Skipf("no transparent huge pages in this kernel: %v", err)
	}
	b := Alloc(8 * Size)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	lo := uintptr(unsafe.Pointer(&b[0]))
	m, err := mappingOf(lo)
	runtime.KeepAlive(b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(m.flags, "hg") {
		t.Errorf("the mapping %#x-%#x holding a block of 8 huge pages is not advised for them (VmFlags %q)", m.lo, m.hi, m.flags)
	}
	if m.lo > uint64(lo) || m.hi < uint64(lo)+uint64(len(b)) {
		t.Errorf("the mapping %#x-%#x does not cover the block %#x-%#x", m.lo, m.hi, lo, uint64(lo)+uint64(len(b)))
	}
	t.Logf("THP %q: %d KiB of the block's mapping on huge pages", strings.TrimSpace(string(mode)), m.anonHugeKB)
}

type mapping struct {
	lo, hi     uint64
	flags      []string
	anonHugeKB int
}

// mappingOf returns the mapping of /proc/self/smaps holding address a.
func mappingOf(a uintptr) (mapping, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return mapping{}, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var m mapping
	in := false
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(fs[0], "-"); ok && !strings.HasSuffix(fs[0], ":") {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				if in {
					break
				}
				in = uint64(a) >= l && uint64(a) < h
				m.lo, m.hi = l, h
				continue
			}
		}
		if !in {
			continue
		}
		switch fs[0] {
		case "AnonHugePages:":
			if len(fs) >= 2 {
				m.anonHugeKB, _ = strconv.Atoi(fs[1])
			}
		case "VmFlags:":
			m.flags = fs[1:]
			return m, nil
		}
	}
	if err := sc.Err(); err != nil {
		return mapping{}, err
	}
	if in {
		return mapping{}, fmt.Errorf("the mapping of %#x in /proc/self/smaps has no VmFlags", a)
	}
	return mapping{}, fmt.Errorf("no mapping holds %#x in /proc/self/smaps", a)
}
