package weights

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

func TestPackedSizes(t *testing.T) {
	// Edax's EVAL_PACKED_SIZE.
	want := []int{10206, 29889, 29646, 29646, 3321, 3321, 3321, 3321, 1134, 378, 135, 45, 1}
	if got := PackedSizes(); !slices.Equal(got, want) {
		t.Fatalf("packed sizes %v, want %v", got, want)
	}
	if NumPacked != 114364 {
		t.Fatalf("NumPacked %d, want 114364", NumPacked)
	}
	if EdaxFileSize() != 28+61*114364*2 {
		t.Fatalf("eval.dat size %d", EdaxFileSize())
	}
	// Orbits of a reflection are of size 1 or 2: a pattern of n squares
	// with f fixed squares has (3^n + 3^((n+f)/2)) / 2 of them.
	for i, tb := range tables[:len(tables)-1] {
		sq := kernels.FeatureSquares[tb.feature]
		perm, _ := MirrorPerm(sq)
		fixed := 0
		for j, p := range perm {
			if p == j {
				fixed++
			}
		}
		n := len(sq)
		if w := (kernels.Pow3[n] + kernels.Pow3[(n+fixed)/2]) / 2; w != want[i] {
			t.Errorf("%s: orbit formula %d, want %d", tb.name, w, want[i])
		}
	}
}

// Edax writes its symmetries with the least significant digit first:
// sym_C9 = {0,2,1,4,3,5,7,6,8}, sym_C10 = {9,8,7,6,4,5,3,2,1,0}, and the
// full reversal for the edges and lines.
func TestMirrorPermsMatchEdax(t *testing.T) {
	lsbFirst := func(perm []int) []int {
		n := len(perm)
		out := make([]int, n)
		for j := range perm {
			out[n-1-j] = n - 1 - perm[j]
		}
		return out
	}
	for _, tb := range tables[:len(tables)-1] {
		sq := kernels.FeatureSquares[tb.feature]
		perm, err := MirrorPerm(sq)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		switch tb.name {
		case "C9":
			want = []int{0, 2, 1, 4, 3, 5, 7, 6, 8}
		case "C10":
			want = []int{9, 8, 7, 6, 4, 5, 3, 2, 1, 0}
		default:
			for j := len(sq) - 1; j >= 0; j-- {
				want = append(want, j)
			}
		}
		if got := lsbFirst(perm); !slices.Equal(got, want) {
			t.Errorf("%s: mirror %v, Edax's %v", tb.name, got, want)
		}
	}
}

// Every feature of a table gives the same permutation: all the features
// sharing a table are images of one another.
func TestEveryFeatureHasTheSameMirror(t *testing.T) {
	for i, sq := range kernels.FeatureSquares {
		perm, err := MirrorPerm(sq)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tables {
			if tb.plain == kernels.FeatureOffset[i] {
				ref, _ := MirrorPerm(kernels.FeatureSquares[tb.feature])
				if !slices.Equal(perm, ref) {
					t.Errorf("feature %d: mirror %v, its table's %v", i, perm, ref)
				}
			}
		}
	}
}

func randomSet(seed uint64, shared bool) *Set {
	s := Random(seed)
	s.Note = "" // Edax's format keeps no note: round trips compare bytes
	if shared {
		for p := range s.Plies {
			if p%4 != 0 {
				s.Plies[p] = s.Plies[p-1]
			}
		}
	}
	return s
}

func symBoard(s int, b kernels.Board) kernels.Board {
	var r kernels.Board
	for x := 0; x < 64; x++ {
		y := kernels.Bit(squareImage(s, x))
		if b.P&kernels.Bit(x) != 0 {
			r.P |= y
		}
		if b.O&kernels.Bit(x) != 0 {
			r.O |= y
		}
	}
	return r
}

// With tied weights the evaluation is invariant under the 8 symmetries of
// the board.
func TestEvalSymmetric(t *testing.T) {
	s := randomSet(1, false)
	w, err := s.EvalWeights()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	for n := 0; n < 300; n++ {
		var b kernels.Board
		for x := 0; x < 64; x++ {
			switch rng.IntN(3) {
			case 0:
				b.P |= kernels.Bit(x)
			case 1:
				b.O |= kernels.Bit(x)
			}
		}
		f := kernels.EvalFeatures(b)
		ply := 60 - b.NumEmpties()
		e := kernels.EvalSum(&f, w.Ply(ply))
		if e2 := s.Eval(b); e2 != e {
			t.Fatalf("Set.Eval %d, EvalSum %d", e2, e)
		}
		for sy := 1; sy < 8; sy++ {
			bs := symBoard(sy, b)
			fs := kernels.EvalFeatures(bs)
			if es := kernels.EvalSum(&fs, w.Ply(ply)); es != e {
				t.Fatalf("symmetry %d of %s: %d, want %d", sy, kernels.BoardString(b), es, e)
			}
		}
	}
}

func TestPackUnpack(t *testing.T) {
	s := randomSet(3, false)
	plain := Unpack(s.Plies[10])
	back, err := Pack(plain)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, s.Plies[10]) {
		t.Fatal("Pack(Unpack(x)) != x")
	}
	plain[kernels.WeightC9+3]++ // B3 = O; its mirror is index 9 (C2 = O)
	if _, err := Pack(plain); err == nil {
		t.Fatal("Pack accepted an asymmetric table")
	}
	w, _ := s.EvalWeights()
	s2, err := FromEvalWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	for p := range s.Plies {
		if !slices.Equal(s.Plies[p], s2.Plies[p]) {
			t.Fatalf("ply %d differs after EvalWeights/FromEvalWeights", p)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	for _, shared := range []bool{false, true} {
		s := randomSet(4, shared)
		s.Note = "test set"
		b, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		s2, err := Unmarshal("x.fbw", b)
		if err != nil {
			t.Fatal(err)
		}
		if s2.Note != s.Note {
			t.Fatalf("note %q", s2.Note)
		}
		for p := range s.Plies {
			if !slices.Equal(s.Plies[p], s2.Plies[p]) {
				t.Fatalf("shared=%v: ply %d differs", shared, p)
			}
		}
		b2, _ := s2.Marshal()
		if !bytes.Equal(b, b2) {
			t.Fatal("marshal not stable")
		}
		t.Logf("shared=%v: %d bytes", shared, len(b))
	}
}

func TestFormatErrors(t *testing.T) {
	s := randomSet(5, true)
	good, _ := s.Marshal()
	mustFail := func(what string, data []byte, want string) {
		t.Helper()
		_, err := Parse("bad.fbw", data)
		if err == nil {
			t.Fatalf("%s: loaded", what)
		}
		if !strings.HasPrefix(err.Error(), "bad.fbw: ") || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: error %q, want the file name and %q", what, err, want)
		}
	}
	mustFail("empty", nil, "unknown weights format")
	mustFail("text", []byte("hello world, not weights"), "unknown weights format")
	bad := slices.Clone(good)
	bad[0] = 'X'
	mustFail("magic", bad, "unknown weights format")
	if _, err := Unmarshal("bad.fbw", bad); err == nil || !strings.Contains(err.Error(), "bad magic") {
		t.Fatalf("bad magic: %v", err)
	}
	bad = slices.Clone(good)
	binary.LittleEndian.PutUint16(bad[8:], 2)
	mustFail("version", bad, "format version 2")
	bad = slices.Clone(good)
	binary.LittleEndian.PutUint16(bad[10:], 7)
	mustFail("feature set", bad, "feature set 7")
	for _, n := range []int{8, 10, 23, 24, 40, 100, len(good) / 2, len(good) - 5, len(good) - 1} {
		mustFail("truncated", good[:n], "truncated")
	}
	mustFail("trailing", append(slices.Clone(good), 0), "trailing")
	for _, at := range []int{30, 100, len(good) / 2, len(good) - 10, len(good) - 1} {
		bad = slices.Clone(good)
		bad[at] ^= 0x10
		mustFail("bit flip", bad, "checksum")
	}
}

func TestEdaxRoundTrip(t *testing.T) {
	s := randomSet(6, true)
	dat, err := s.MarshalEdax()
	if err != nil {
		t.Fatal(err)
	}
	if len(dat) != 13952436 || string(dat[:8]) != "XADELAVE" {
		t.Fatalf("eval.dat: %d bytes, starts %q", len(dat), dat[:8])
	}
	s2, err := Parse("eval.dat", dat)
	if err != nil {
		t.Fatal(err)
	}
	ours, _ := s2.Marshal()
	s3, err := Parse("w.fbw", ours)
	if err != nil {
		t.Fatal(err)
	}
	dat2, _ := s3.MarshalEdax()
	if !bytes.Equal(dat, dat2) {
		t.Fatal("ours -> eval.dat -> ours -> eval.dat is not byte-identical")
	}
	// Sharing is recovered by our format's deduplication.
	ours1, _ := s.Marshal()
	if !bytes.Equal(ours, ours1) {
		t.Fatal("ours -> eval.dat -> ours changed the file")
	}
}

// syntheticEdax builds an eval.dat by hand: weight i of ply p is
// (p*7 + i) mod 2000 - 1000, in the given byte order.
func syntheticEdax(order binary.AppendByteOrder) []byte {
	b := order.AppendUint32(nil, 0x45444158)
	b = order.AppendUint32(b, 0x4556414C)
	b = order.AppendUint32(b, 4)
	b = order.AppendUint32(b, 3)
	b = order.AppendUint32(b, 1234)
	b = order.AppendUint64(b, 0x4020000000000000) // 8.0
	for p := 0; p < 61; p++ {
		for i := 0; i < 114364; i++ {
			b = order.AppendUint16(b, uint16(int16((p*7+i)%2000-1000)))
		}
	}
	return b
}

func TestSyntheticEdax(t *testing.T) {
	le := syntheticEdax(binary.LittleEndian)
	be := syntheticEdax(binary.BigEndian)
	if string(le[:8]) != "XADELAVE" || string(be[:8]) != "EDAXEVAL" {
		t.Fatalf("headers %q %q", le[:8], be[:8])
	}
	for _, dat := range [][]byte{le, be} {
		s, err := Parse("eval.dat", dat)
		if err != nil {
			t.Fatal(err)
		}
		if s.Edax != (EdaxHeader{4, 3, 1234, 8}) {
			t.Fatalf("header %+v", s.Edax)
		}
		w, err := s.EvalWeights()
		if err != nil {
			t.Fatal(err)
		}
		val := func(p, i int) int16 { return int16((p*7+i)%2000 - 1000) }
		pl := w.Plain[5]
		// C9: index 0 (all P) is orbit 0; index 1 (C3 = O) is orbit 1;
		// index 3 (B3 = O) is orbit 3 and its mirror 9 (C2 = O) too.
		checks := []struct{ plain, packed int }{
			{0, 0}, {1, 1}, {3, 3}, {9, 3},
			{kernels.WeightC10, 10206},
			{kernels.WeightS100, 10206 + 29889},
			{kernels.WeightS101, 10206 + 29889 + 29646},
			{kernels.WeightS4 + 80, 114364 - 2},
			{kernels.WeightBias, 114363},
		}
		for _, c := range checks {
			if pl[c.plain] != val(5, c.packed) {
				t.Errorf("plain %d = %d, want packed %d = %d", c.plain, pl[c.plain], c.packed, val(5, c.packed))
			}
		}
		// Written back little-endian: identical to the little-endian file.
		out, _ := s.MarshalEdax()
		if !bytes.Equal(out, le) {
			t.Fatal("eval.dat not rewritten byte for byte")
		}
	}
	for _, n := range []int{0, 4, 8, 27, 28, 1000, len(le) - 1} {
		if _, err := Parse("eval.dat", le[:n]); err == nil || !strings.HasPrefix(err.Error(), "eval.dat: ") {
			t.Fatalf("truncated to %d: %v", n, err)
		}
	}
	// The first word decides the byte order (as in Edax); the second may
	// be either form of EVAL.
	mixed := slices.Clone(le)
	binary.LittleEndian.PutUint32(mixed[4:], 0x4C415645)
	if s, err := Parse("eval.dat", mixed); err != nil || s.Edax.Build != 1234 {
		t.Fatalf("EDAX LAVE header: %v", err)
	}
	bad := slices.Clone(le[:1000])
	bad[4] = 'X'
	if _, err := Parse("eval.dat", bad); err == nil || !strings.Contains(err.Error(), "unknown weights format") {
		t.Fatalf("bad magic: %v", err)
	}
	if _, err := UnmarshalEdax("eval.dat", bad); err == nil || !strings.Contains(err.Error(), "not an Edax eval.dat") {
		t.Fatalf("bad magic: %v", err)
	}
	if _, err := Parse("eval.dat", append(slices.Clone(le), 0, 0)); err == nil || !strings.Contains(err.Error(), "trailing") {
		t.Fatalf("trailing: %v", err)
	}
}

func FuzzLoad(f *testing.F) {
	small := NewSet()
	for p := range small.Plies {
		small.Plies[p] = small.Plies[0]
	}
	small.Plies[0][5] = 7
	good, _ := small.Marshal()
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(Magic))
	f.Add(syntheticEdax(binary.LittleEndian)[:64])
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzOne(t, data)
		// Again with a valid checksum, to reach the decoder.
		if len(data) > len(Magic)+4 && string(data[:len(Magic)]) == Magic {
			fixed := slices.Clone(data)
			n := len(fixed) - 4
			binary.LittleEndian.PutUint32(fixed[n:], crc32.Checksum(fixed[:n], castagnoli))
			fuzzOne(t, fixed)
		}
	})
}

func fuzzOne(t *testing.T, data []byte) {
	{
		s, err := Parse("fuzz", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz: ") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		// Whatever loads is complete and re-encodes to what loads again.
		if err := s.check(); err != nil {
			t.Fatal(err)
		}
		b, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Unmarshal("again", b); err != nil {
			t.Fatal(err)
		}
	}
}

// A checkpoint (fastest deflate level) loads as the same set, and Save of
// what it loaded gives Save's bytes.
func TestCheckpointRoundTrip(t *testing.T) {
	s := randomSet(4, true)
	dir := t.TempDir()
	if err := s.SaveCheckpoint(filepath.Join(dir, "c.fbw")); err != nil {
		t.Fatal(err)
	}
	s2, err := Load(filepath.Join(dir, "c.fbw"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := s.Marshal()
	got, _ := s2.Marshal()
	if !bytes.Equal(want, got) {
		t.Fatal("checkpoint does not load back as the set saved")
	}
}
