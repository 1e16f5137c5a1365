// Package cases writes and reads case files: a kernel's inputs with the
// reference's outputs, in a small versioned binary format (FORMAT.md) that
// code outside flipbench reads, such as the C harness in cbench/ with its
// header-only reader. A case file holds either the cross-check cases
// (random games of every phase, edge cases, exhaustive sets) or the
// benchmark inputs in benchmark order; Build makes them (build.go).
package cases

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/flipbench/flipbench/internal/atomicfile"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// The format's constants (FORMAT.md).
const (
	Magic       = "FBCASES\x00" // the first 8 bytes
	Version     = 1             // the only version this package reads and writes
	MaxRecords  = 1 << 25       // a reader refuses larger counts
	MaxContract = 4096          // bytes of the contract text at most
	fixedHeader = 88            // bytes before the contract text
	kernelField = 32            // bytes of the NUL-padded kernel name
	setField    = 16            // bytes of the NUL-padded set name
)

// The sets a case file holds.
const (
	SetCheck = "check" // the cross-check cases
	SetBench = "bench" // the benchmark inputs, in benchmark order
)

// Sets lists the sets.
var Sets = []string{SetCheck, SetBench}

// Header describes a case file.
type Header struct {
	Version  int    // Version
	Kernel   string // flip, count_last_flip, moves, score_1
	Contract string // the kernel's C signature and what it computes
	Set      string // SetCheck or SetBench
	Seed     uint64 // the seed the inputs were drawn with
}

// Record is one case: the inputs and the reference's output. Each kernel
// uses some of the fields (FORMAT.md); the others are zero.
type Record struct {
	P, O    uint64 // the side to move's and the opponent's discs (O: flip, moves)
	X       int    // the square played, 0..63 (flip, count_last_flip, score_1)
	Alpha   int    // score_1's alpha
	Want    uint64 // a bitboard output: flip, moves
	WantInt int    // a number output: count_last_flip, score_1
}

// File is a whole case file.
type File struct {
	Header
	Records []Record
}

// layout is one kernel's contract and record layout.
type layout struct {
	contract string
	size     int
	put      func(b []byte, r Record)
	get      func(b []byte) (Record, error)
	// from makes a record of one of the kernel's spec samples (its input
	// and the reference's output, as harness.KernelSpec.Samples gives them).
	from func(in, want any) (Record, bool)
}

var le = binary.LittleEndian

func i32(b []byte) int { return int(int32(le.Uint32(b))) }

func checkX(x int) error {
	if x < 0 || x > 63 {
		return fmt.Errorf("x = %d, want a square 0..63", x)
	}
	return nil
}

// checkEmpty checks that the square x is not in occupied.
func checkEmpty(x int, occupied uint64) error {
	if occupied>>uint(x)&1 != 0 {
		return fmt.Errorf("square x = %d is not empty", x)
	}
	return nil
}

// checkDisjoint checks that P and O share no square.
func checkDisjoint(P, O uint64) error {
	if P&O != 0 {
		return fmt.Errorf("P and O overlap (%#x)", P&O)
	}
	return nil
}

// checkLast checks a record of a kernel of the last empty square
// (count_last_flip, score_1): x a square, not one of P's.
func checkLast(r Record) error {
	if err := checkX(r.X); err != nil {
		return err
	}
	return checkEmpty(r.X, r.P)
}

func checkZero(b []byte, what string) error {
	for _, c := range b {
		if c != 0 {
			return fmt.Errorf("%s is not zero", what)
		}
	}
	return nil
}

// layouts holds every kernel a case file can hold.
var layouts = map[string]layout{
	"flip": {
		from: func(in, want any) (Record, bool) {
			c, ok1 := in.(variants.BoardX)
			w, ok2 := want.(uint64)
			return Record{P: c.P, O: c.O, X: c.X, Want: w}, ok1 && ok2
		},
		contract: "uint64_t flip(uint64_t P, uint64_t O, int x): the discs of O flipped when P plays on the empty square x (0 when x is not a legal move; P & O == 0)",
		size:     32,
		put: func(b []byte, r Record) {
			le.PutUint64(b, r.P)
			le.PutUint64(b[8:], r.O)
			le.PutUint32(b[16:], uint32(r.X))
			le.PutUint64(b[24:], r.Want)
		},
		get: func(b []byte) (Record, error) {
			r := Record{P: le.Uint64(b), O: le.Uint64(b[8:]), X: i32(b[16:]), Want: le.Uint64(b[24:])}
			if err := checkX(r.X); err != nil {
				return r, err
			}
			if err := checkDisjoint(r.P, r.O); err != nil {
				return r, err
			}
			if err := checkEmpty(r.X, r.P|r.O); err != nil {
				return r, err
			}
			return r, checkZero(b[20:24], "the reserved word at offset 20")
		},
	},
	"count_last_flip": {
		from: func(in, want any) (Record, bool) {
			c, ok1 := in.(variants.LastEmpty)
			w, ok2 := want.(int)
			return Record{P: c.P, X: c.X, WantInt: w}, ok1 && ok2
		},
		contract: "int count_last_flip(uint64_t P, int x): twice the number of discs P flips by playing x when x is the last empty square, O = ~P & ~(1 << x) (Edax's last_flip)",
		size:     16,
		put: func(b []byte, r Record) {
			le.PutUint64(b, r.P)
			le.PutUint32(b[8:], uint32(r.X))
			le.PutUint32(b[12:], uint32(r.WantInt))
		},
		get: func(b []byte) (Record, error) {
			r := Record{P: le.Uint64(b), X: i32(b[8:]), WantInt: i32(b[12:])}
			return r, checkLast(r)
		},
	},
	"moves": {
		from: func(in, want any) (Record, bool) {
			b, ok1 := in.(kernels.Board)
			w, ok2 := want.(uint64)
			return Record{P: b.P, O: b.O, Want: w}, ok1 && ok2
		},
		contract: "uint64_t get_moves(uint64_t P, uint64_t O): P's legal moves, the empty squares where P flips at least one disc (P & O == 0)",
		size:     24,
		put: func(b []byte, r Record) {
			le.PutUint64(b, r.P)
			le.PutUint64(b[8:], r.O)
			le.PutUint64(b[16:], r.Want)
		},
		get: func(b []byte) (Record, error) {
			r := Record{P: le.Uint64(b), O: le.Uint64(b[8:]), Want: le.Uint64(b[16:])}
			return r, checkDisjoint(r.P, r.O)
		},
	},
	"score_1": {
		from: func(in, want any) (Record, bool) {
			c, ok1 := in.(variants.LastEmptyAlpha)
			w, ok2 := want.(int)
			return Record{P: c.P, X: c.X, Alpha: c.Alpha, WantInt: w}, ok1 && ok2
		},
		contract: "int score_1(uint64_t P, int alpha, int x): Edax's board_score_1 with one empty square x, O = ~P & ~(1 << x), at the null window (alpha, alpha+1); equal to the reference for every alpha",
		size:     24,
		put: func(b []byte, r Record) {
			le.PutUint64(b, r.P)
			le.PutUint32(b[8:], uint32(r.X))
			le.PutUint32(b[12:], uint32(r.Alpha))
			le.PutUint32(b[16:], uint32(r.WantInt))
		},
		get: func(b []byte) (Record, error) {
			r := Record{P: le.Uint64(b), X: i32(b[8:]), Alpha: i32(b[12:]), WantInt: i32(b[16:])}
			if err := checkLast(r); err != nil {
				return r, err
			}
			return r, checkZero(b[20:24], "the reserved word at offset 20")
		},
	},
}

// Kernels lists the kernels a case file can hold, sorted.
func Kernels() []string {
	var ks []string
	for k := range layouts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Contract is a kernel's contract as the header states it ("" if the
// kernel has no case file).
func Contract(kernel string) string { return layouts[kernel].contract }

// RecordSize is the size of a kernel's records in bytes (0 if the kernel
// has no case file).
func RecordSize(kernel string) int { return layouts[kernel].size }

func unknownKernel(kernel string) error {
	return fmt.Errorf("kernel %q has no case file (case files exist for %s)", kernel, strings.Join(Kernels(), ", "))
}

func validSet(set string) bool { return slices.Contains(Sets, set) }

// headerSize is the offset of the first record: the fixed fields and the
// contract text, padded to a multiple of 8.
func headerSize(contract int) int { return (fixedHeader + contract + 7) &^ 7 }

// Write writes f in the format of FORMAT.md.
func Write(w io.Writer, f *File) error {
	l, ok := layouts[f.Kernel]
	if !ok {
		return unknownKernel(f.Kernel)
	}
	if !validSet(f.Set) {
		return fmt.Errorf("set %q: want %s", f.Set, strings.Join(Sets, " or "))
	}
	if len(f.Records) > MaxRecords {
		return fmt.Errorf("%d records: at most %d fit a case file", len(f.Records), MaxRecords)
	}
	contract := f.Contract
	if contract == "" {
		contract = l.contract
	}
	if err := checkText(contract); err != nil {
		return fmt.Errorf("contract: %v", err)
	}
	hs := headerSize(len(contract))
	h := fnv.New64a()
	bw := bufio.NewWriterSize(w, 1<<16)
	out := io.MultiWriter(bw, h)
	head := make([]byte, hs)
	copy(head, Magic)
	le.PutUint32(head[8:], Version)
	le.PutUint32(head[12:], uint32(hs))
	le.PutUint32(head[16:], uint32(l.size))
	le.PutUint32(head[20:], uint32(len(contract)))
	le.PutUint64(head[24:], uint64(len(f.Records)))
	le.PutUint64(head[32:], f.Seed)
	copy(head[40:40+kernelField], f.Kernel)
	copy(head[72:72+setField], f.Set)
	copy(head[fixedHeader:], contract)
	if _, err := out.Write(head); err != nil {
		return err
	}
	rec := make([]byte, l.size)
	for i, r := range f.Records {
		clear(rec)
		l.put(rec, r)
		if _, err := l.get(rec); err != nil {
			return fmt.Errorf("record %d: %v", i, err)
		}
		if _, err := out.Write(rec); err != nil {
			return err
		}
	}
	var sum [8]byte
	le.PutUint64(sum[:], h.Sum64())
	if _, err := bw.Write(sum[:]); err != nil {
		return err
	}
	return bw.Flush()
}

// checkText accepts printable ASCII of at most MaxContract bytes.
func checkText(s string) error {
	if len(s) == 0 || len(s) > MaxContract {
		return fmt.Errorf("%d bytes, want 1..%d", len(s), MaxContract)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return fmt.Errorf("byte %d is %#x, want printable ASCII", i, s[i])
		}
	}
	return nil
}

// field reads a NUL-padded name: printable ASCII, then only NULs.
func field(b []byte, what string) (string, error) {
	n := bytes.IndexByte(b, 0)
	if n < 0 {
		n = len(b)
	}
	if err := checkZero(b[n:], what+"'s padding"); err != nil {
		return "", err
	}
	s := string(b[:n])
	for i := 0; i < len(s); i++ {
		if s[i] <= 0x20 || s[i] > 0x7e {
			return "", fmt.Errorf("%s %q: byte %d is not printable ASCII", what, s, i)
		}
	}
	return s, nil
}

// hashReader feeds what it reads to a hash.
type hashReader struct {
	r io.Reader
	h hash.Hash64
}

func (h *hashReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.h.Write(p[:n])
	return n, err
}

// Read reads a case file. Any defect is an error saying what is wrong (bad
// magic, another version, an unknown kernel, a count beyond MaxRecords, a
// truncated file, a checksum mismatch, an invalid record, trailing data);
// memory grows with the data actually read, never with a count the header
// claims.
func Read(r io.Reader) (*File, error) {
	hr := &hashReader{r: bufio.NewReaderSize(r, 1<<16), h: fnv.New64a()}
	fail := func(format string, a ...any) (*File, error) {
		return nil, fmt.Errorf("case file: "+format, a...)
	}
	head := make([]byte, fixedHeader)
	n, err := io.ReadFull(hr, head)
	if m := head[:min(n, len(Magic))]; !strings.HasPrefix(Magic, string(m)) {
		return fail("bad magic %q: not a flipbench case file", m)
	}
	if err != nil {
		return fail("truncated header: %d of %d bytes", n, fixedHeader)
	}
	if v := le.Uint32(head[8:]); v != Version {
		return fail("version %d: this reader reads version %d", v, Version)
	}
	kernel, err := field(head[40:40+kernelField], "kernel")
	if err != nil {
		return fail("%v", err)
	}
	l, ok := layouts[kernel]
	if !ok {
		return fail("%v", unknownKernel(kernel))
	}
	set, err := field(head[72:72+setField], "set")
	if err != nil {
		return fail("%v", err)
	}
	if !validSet(set) {
		return fail("set %q: want %s", set, strings.Join(Sets, " or "))
	}
	if rs := le.Uint32(head[16:]); rs != uint32(l.size) {
		return fail("record size %d: kernel %s's records are %d bytes", rs, kernel, l.size)
	}
	clen := le.Uint32(head[20:])
	if clen == 0 || clen > MaxContract {
		return fail("contract length %d: want 1..%d", clen, MaxContract)
	}
	hs := headerSize(int(clen))
	if got := le.Uint32(head[12:]); got != uint32(hs) {
		return fail("header size %d: want %d for a contract of %d bytes", got, hs, clen)
	}
	count := le.Uint64(head[24:])
	if count > MaxRecords {
		return fail("record count %d exceeds the limit %d", count, MaxRecords)
	}
	f := &File{Header: Header{Version: Version, Kernel: kernel, Set: set, Seed: le.Uint64(head[32:])}}
	rest := make([]byte, hs-fixedHeader)
	if n, err := io.ReadFull(hr, rest); err != nil {
		return fail("truncated header: %d of %d bytes", fixedHeader+n, hs)
	}
	contract := string(rest[:clen])
	if err := checkText(contract); err != nil {
		return fail("contract: %v", err)
	}
	if err := checkZero(rest[clen:], "the header's padding"); err != nil {
		return fail("%v", err)
	}
	f.Contract = contract
	f.Records = make([]Record, 0, min(count, 1<<16))
	rec := make([]byte, l.size)
	for i := uint64(0); i < count; i++ {
		if n, err := io.ReadFull(hr, rec); err != nil {
			return fail("truncated: record %d of %d is missing %d of its %d bytes", i, count, l.size-n, l.size)
		}
		r, err := l.get(rec)
		if err != nil {
			return fail("record %d: %v", i, err)
		}
		f.Records = append(f.Records, r)
	}
	want := hr.h.Sum64()
	var sum [8]byte
	if n, err := io.ReadFull(hr.r, sum[:]); err != nil {
		return fail("truncated: the checksum is missing %d of its 8 bytes", 8-n)
	}
	if got := le.Uint64(sum[:]); got != want {
		return fail("checksum mismatch: the file says %#016x, its contents hash to %#016x (FNV-1a 64)", got, want)
	}
	if n, _ := io.ReadFull(hr.r, sum[:1]); n != 0 {
		return fail("trailing data after the checksum")
	}
	return f, nil
}

// ReadFile reads the case file at path.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := Read(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// WriteFile writes f to path atomically: to a temporary file in the same
// directory, synced, then renamed, so that path holds a whole case file or
// what it held before.
func WriteFile(path string, f *File) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	err := atomicfile.WriteWith(path, func(w io.Writer) error { return Write(w, f) })
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot write %s: %v", path, pe.Err)
	}
	return err
}

// ErrKernel is returned by Expect when a file holds another kernel's cases.
var ErrKernel = errors.New("case file holds another kernel's cases")

// Expect checks that f holds kernel's cases.
func (f *File) Expect(kernel string) error {
	if f.Kernel != kernel {
		return fmt.Errorf("%w: %s, want %s", ErrKernel, f.Kernel, kernel)
	}
	return nil
}
