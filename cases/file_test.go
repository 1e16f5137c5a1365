package cases

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
)

var small = harness.Options{N: 3000, Seed: 1}

func encode(t testing.TB, f *File) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func build(t testing.TB, kernel, set string) *File {
	t.Helper()
	f, err := Build(kernel, set, small)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// reseal recomputes the checksum of a modified file.
func reseal(b []byte) []byte {
	h := fnv.New64a()
	h.Write(b[:len(b)-8])
	binary.LittleEndian.PutUint64(b[len(b)-8:], h.Sum64())
	return b
}

func TestRoundTrip(t *testing.T) {
	for _, k := range Kernels() {
		for _, set := range Sets {
			f := build(t, k, set)
			want := small.N
			switch {
			case set == SetBench && (k == "count_last_flip" || k == "score_1"):
				want = 1 << 16 // the branchy kernels' inputs (since resultsfile.InputsVersion 2)
			case set == SetBench:
				want = 4096
			case k == "count_last_flip":
				want = 64 * 256 * 4 // the exhaustive patterns exceed N
			case k == "flip":
				want = 343360 + small.N // every line pattern of every square, then N
			}
			if len(f.Records) != want {
				t.Errorf("%s %s: %d records, want %d", k, set, len(f.Records), want)
			}
			b := encode(t, f)
			if len(b) != headerSize(len(Contract(k)))+RecordSize(k)*len(f.Records)+8 {
				t.Errorf("%s %s: %d bytes", k, set, len(b))
			}
			g, err := Read(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s %s: %v", k, set, err)
			}
			if !reflect.DeepEqual(f, g) {
				t.Errorf("%s %s: read back differs", k, set)
			}
			if err := g.Expect(k); err != nil {
				t.Error(err)
			}
		}
	}
}

// The records hold the reference's outputs; the check sets start as the
// cross-checks do (edge cases; count_last_flip's exhaustive patterns).
func TestRecordsAreTheReferences(t *testing.T) {
	for _, set := range Sets {
		for _, r := range build(t, "flip", set).Records {
			if r.Want != kernels.Flip(r.P, r.O, r.X) {
				t.Fatalf("flip %+v", r)
			}
		}
		for _, r := range build(t, "moves", set).Records {
			if r.Want != kernels.Moves(r.P, r.O) {
				t.Fatalf("moves %+v", r)
			}
		}
		for _, r := range build(t, "count_last_flip", set).Records {
			if r.WantInt != kernels.CountLastFlip(r.P, r.X) {
				t.Fatalf("count_last_flip %+v", r)
			}
		}
		for _, r := range build(t, "score_1", set).Records {
			if r.WantInt != kernels.Score1(r.P, r.Alpha, r.X) {
				t.Fatalf("score_1 %+v", r)
			}
		}
	}
	if m := build(t, "moves", SetCheck).Records[1]; m.P != kernels.StartBoard.P || m.O != kernels.StartBoard.O {
		t.Errorf("moves check record 1 is not the start position: %+v", m)
	}
	// the check set begins with count_last_flip's exhaustive patterns:
	// every square's row and file with every pattern, two fills each
	recs := build(t, "count_last_flip", SetCheck).Records
	if len(recs) < 64*256*4 {
		t.Fatalf("count_last_flip check set of %d records: the exhaustive patterns are missing", len(recs))
	}
	for i, r := range recs[:64*256*4] {
		if r.X != i/(256*4) {
			t.Fatalf("count_last_flip record %d: x = %d, want the patterns square by square", i, r.X)
		}
	}
	if n := len(build(t, "flip", SetBench).Records); n != 4096 {
		t.Errorf("flip bench set of %d records, want the 4096 benchmark inputs", n)
	}
}

func TestReadErrors(t *testing.T) {
	good := encode(t, build(t, "flip", SetBench))
	hs := headerSize(len(Contract("flip")))
	mod := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	put32 := func(off int, v uint32) []byte {
		return mod(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[off:], v); return reseal(b) })
	}
	put64 := func(off int, v uint64) []byte {
		return mod(func(b []byte) []byte { binary.LittleEndian.PutUint64(b[off:], v); return reseal(b) })
	}
	name := func(off, n int, s string) []byte {
		return mod(func(b []byte) []byte { clear(b[off : off+n]); copy(b[off:], s); return reseal(b) })
	}
	for _, c := range []struct {
		what string
		in   []byte
		want string
	}{
		{"empty", nil, "truncated header: 0 of 88"},
		{"not a case file", []byte("PK\x03\x04 some zip"), "bad magic"},
		{"short magic", []byte("FBC"), "truncated header: 3 of 88"},
		{"truncated header", good[:50], "truncated header: 50 of 88"},
		{"truncated contract", good[:100], "truncated header: 100 of"},
		{"truncated records", good[:hs+32*10+5], "truncated: record 10 of 4096 is missing 27 of its 32 bytes"},
		{"no checksum", good[:len(good)-8], "the checksum is missing 8"},
		{"short checksum", good[:len(good)-3], "the checksum is missing 3"},
		{"checksum", mod(func(b []byte) []byte { b[hs+7] ^= 1; return b }), "checksum mismatch"},
		{"checksum bytes", mod(func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b }), "checksum mismatch"},
		{"trailing", append(bytes.Clone(good), 0), "trailing data"},
		{"version 2", put32(8, 2), "version 2: this reader reads version 1"},
		{"version 0", put32(8, 0), "version 0"},
		{"unknown kernel", name(40, 32, "solve_9"), `kernel "solve_9" has no case file`},
		{"kernel not padded", name(40, 32, strings.Repeat("f", 32)), "has no case file"},
		{"kernel junk after NUL", name(40, 32, "flip\x00x"), "kernel's padding is not zero"},
		{"kernel control byte", name(40, 32, "fl\nip"), "not printable"},
		{"wrong set", name(72, 16, "train"), `set "train"`},
		{"record size", put32(16, 24), "record size 24: kernel flip's records are 32 bytes"},
		{"absurd count", put64(24, 1<<40), "record count 1099511627776 exceeds the limit"},
		{"max count", put64(24, MaxRecords), "truncated: record 4096 of 33554432"},
		{"all ones count", put64(24, ^uint64(0)), "exceeds the limit"},
		{"contract length 0", put32(20, 0), "contract length 0"},
		{"contract length huge", put32(20, 1<<31), "contract length 2147483648"},
		{"header size", put32(12, uint32(hs+8)), "header size"},
		{"contract byte", mod(func(b []byte) []byte { b[fixedHeader+3] = 0; return reseal(b) }), "contract: byte 3"},
		{"bad x", put32(hs+16, 64), "record 0: x = 64"},
		{"negative x", put32(hs+32+16, 0xffffffff), "record 1: x = -1"},
		{"reserved", put32(hs+20, 1), "record 0: the reserved word at offset 20 is not zero"},
		{"overlap", put64(hs+8, binary.LittleEndian.Uint64(good[hs:])|1), "record 0: P and O overlap"},
	} {
		_, err := Read(bytes.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "case file: ") {
			t.Errorf("%s: got %v, want an error with %q", c.what, err, c.want)
		}
	}
	// a file of another kernel
	f, err := Read(bytes.NewReader(encode(t, build(t, "moves", SetBench))))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Expect("flip"); !errors.Is(err, ErrKernel) || !strings.Contains(err.Error(), "moves, want flip") {
		t.Errorf("Expect: %v", err)
	}
}

func TestWriteErrors(t *testing.T) {
	var buf bytes.Buffer
	for _, f := range []*File{
		{Header: Header{Kernel: "nosuch", Set: SetCheck}},
		{Header: Header{Kernel: "flip", Set: "nosuch"}},
		{Header: Header{Kernel: "flip", Set: SetCheck}, Records: []Record{{X: 64}}},
		{Header: Header{Kernel: "flip", Set: SetCheck, Contract: "a\nb"}},
	} {
		if err := Write(&buf, f); err == nil {
			t.Errorf("%+v: no error", f.Header)
		}
	}
	if _, err := Build("solve_2", SetCheck, small); err == nil || !strings.Contains(err.Error(), "case files exist for count_last_flip, flip, moves, score_1") {
		t.Errorf("Build(solve_2): %v", err)
	}
	if _, err := Build("flip", "nosuch", small); err == nil {
		t.Error("Build with a bad set: no error")
	}
	if _, err := Build("flip", SetCheck, harness.Options{N: 0}); err == nil {
		t.Error("Build with N=0: no error")
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flip.cases")
	f := build(t, "flip", SetBench)
	if err := WriteFile(path, f); err != nil {
		t.Fatal(err)
	}
	g, err := ReadFile(path)
	if err != nil || !reflect.DeepEqual(f, g) {
		t.Fatalf("read back: %v", err)
	}
	// a failing write leaves the old file and no temporary behind
	bad := &File{Header: Header{Kernel: "flip", Set: SetBench}, Records: []Record{{X: 99}}}
	if err := WriteFile(path, bad); err == nil {
		t.Fatal("no error")
	}
	if _, err := ReadFile(path); err != nil {
		t.Errorf("old file damaged: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d files, want 1", len(ents))
	}
	if err := WriteFile(filepath.Join(path, "x.cases"), f); err == nil {
		t.Error("unwritable path (under a file): no error")
	}
	if err := WriteFile(dir, f); err == nil {
		t.Error("a directory as the path: no error")
	}
}

// FuzzRead: no input makes Read panic or allocate beyond its input; what
// it accepts writes back to the same bytes.
func FuzzRead(f *testing.F) {
	for _, k := range Kernels() {
		g := build(f, k, SetBench)
		g.Records = g.Records[:3]
		f.Add(encode(f, g))
	}
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Read(bytes.NewReader(b))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "case file: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if len(g.Records)*RecordSize(g.Kernel) > len(b) {
			t.Fatalf("%d records from %d bytes", len(g.Records), len(b))
		}
		if out := encode(t, g); !bytes.Equal(out, b) {
			t.Fatalf("accepted input does not write back to itself")
		}
	})
}
