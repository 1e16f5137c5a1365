package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
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

// TestAllocOnHugePages checks, where Linux has transparent huge pages in
// madvise or always mode, that a block from Alloc is faulted in on them
// (AnonHugePages of its mapping in /proc/self/smaps).
func TestAllocOnHugePages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux only")
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("transparent huge pages off here (%q, %v)", strings.TrimSpace(string(mode)), err)
	}
	b := Alloc(8 * Size)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	kb, err := anonHugeKB(uintptr(unsafe.Pointer(&b[0])))
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(b)
	if kb < 4*Size>>10 {
		t.Errorf("a block of 8 huge pages lies in a mapping with %d KiB on huge pages, want at least %d", kb, 4*Size>>10)
	}
}

// anonHugeKB returns AnonHugePages of the mapping holding address a.
func anonHugeKB(a uintptr) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
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
				in = uint64(a) >= l && uint64(a) < h
				continue
			}
		}
		if in && fs[0] == "AnonHugePages:" && len(fs) >= 2 {
			return strconv.Atoi(fs[1])
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no mapping holds %#x in /proc/self/smaps", a)
}
