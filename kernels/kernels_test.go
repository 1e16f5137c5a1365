package kernels

import (
	"hash/crc32"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestParsePositionRoundTrip(t *testing.T) {
	s := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- O"
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != s {
		t.Errorf("round trip: %q -> %q", s, p.String())
	}
	if p.Side != White || bits.OnesCount64(p.P) != 23 {
		t.Errorf("side %v, %d discs to move", p.Side, bits.OnesCount64(p.P))
	}
	if q, err := ParsePosition(strings.ReplaceAll(s, " ", "")); err != nil || q != p {
		t.Errorf("without the space: %v %v", q, err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	full := strings.Repeat("-", 64)
	cases := map[string]string{
		full[:63] + " X":                   "63 square characters",
		full + " Z":                        "unknown side",
		full:                               "64 characters",
		full[:10] + "Q" + full[11:] + " X": "bad square character",
		"":                                 "empty board",
		"0x1 0x3":                          "overlap",
		"0xZZ 0x3":                         "hex",
	}
	for in, want := range cases {
		_, err := ParsePosition(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePosition(%q) = %v, want an error with %q", in, err, want)
		}
	}
}

func TestReadOBF(t *testing.T) {
	in := "% a comment\n" +
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12 % best\n\n"
	es, err := ReadOBF(strings.NewReader(in), "test.obf")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Line != 2 || len(es[0].Moves) != 2 {
		t.Fatalf("got %+v", es)
	}
	if s, _ := es[0].BestScore(); s != 18 || es[0].BestMoves()[0] != G8 {
		t.Errorf("best %d %v", s, es[0].BestMoves())
	}
	bad := []string{
		strings.Repeat("-", 64) + " X; G8+18",        // no colon
		strings.Repeat("-", 64) + " X; Z9:+1",        // bad square
		strings.Repeat("-", 64) + " X; G8:+99",       // score out of range
		"XX" + strings.Repeat("-", 62) + " X; A1:+2", // not empty
		strings.Repeat("-", 63) + " X; G8:+1",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; A1:+4", // empty but not legal
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; PS:+2",         // a pass with moves
		"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- X; H8:+64",        // no disc flips: no move
	}
	for _, b := range bad {
		if _, err := ReadOBF(strings.NewReader("\n"+b+"\n"), "bad.obf"); err == nil || !strings.Contains(err.Error(), "bad.obf:2:") {
			t.Errorf("%q: error %v, want one naming bad.obf:2", b, err)
		}
	}
	_, err = ReadOBF(strings.NewReader(strings.Split(bad[5], ";")[0]+"; A1:+4\n"), "x.obf")
	if err == nil || !strings.Contains(err.Error(), "a1 is not a legal move of X (legal: ") {
		t.Errorf("illegal move: %v", err)
	}
	// a pass is legal where the side to move has no move and the game goes on
	pass := "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X; PS:-60"
	if es, err := ReadOBF(strings.NewReader(pass+"\n"), "p.obf"); err != nil || len(es) != 1 {
		t.Errorf("a legal pass: %v", err)
	}
}

// The shipped FFO positions parse, and their empties column agrees.
func TestFFOData(t *testing.T) {
	data, err := os.ReadFile("../testdata/ffo.tsv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
	if len(lines) != 79 {
		t.Fatalf("%d positions, want 79", len(lines))
	}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		p, err := ParsePosition(f[1] + " " + f[2])
		if err != nil {
			t.Fatal(err)
		}
		if got := p.NumEmpties(); strings.TrimSpace(f[5]) != strconv.Itoa(got) {
			t.Errorf("position %s: %d empties, file says %s", f[0], got, f[5])
		}
	}
}

func randomBoard(rng *rand.Rand) Board {
	P := rng.Uint64() & rng.Uint64()
	O := rng.Uint64() &^ P
	return Board{P, O}
}

// Moves and Flip agree with a literal reading of the rules on the start
// position.
func TestStartMoves(t *testing.T) {
	m := Moves(StartBoard.P, StartBoard.O)
	want := Bit(D3) | Bit(C4) | Bit(F5) | Bit(E6)
	if m != want {
		t.Errorf("start moves %x, want %x", m, want)
	}
	if f := Flip(StartBoard.P, StartBoard.O, D3); f != Bit(D4) {
		t.Errorf("flip d3 = %x", f)
	}
}

func TestCountLastFlipIsTwiceFlip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 10000; i++ {
		x := rng.IntN(64)
		P := rng.Uint64() &^ Bit(x)
		if got, want := CountLastFlip(P, x), 2*bits.OnesCount64(Flip(P, ^P&^Bit(x), x)); got != want {
			t.Fatalf("CountLastFlip = %d, want %d", got, want)
		}
	}
}

// minimax is an exhaustive, window-free solver used to check the leaf
// searches' scores.
func minimax(b Board) int {
	m := Moves(b.P, b.O)
	if m == 0 {
		if Moves(b.O, b.P) == 0 {
			return BoardSolve(b.P, b.NumEmpties())
		}
		return -minimax(b.Swap())
	}
	best := -ScoreInf
	for ; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		best = max(best, -minimax(b.Play(x, Flip(b.P, b.O, x))))
	}
	return best
}

func endgames(rng *rand.Rand, n, empties int) []Board {
	var out []Board
	for len(out) < n {
		var b Board
		perm := rng.Perm(64)
		for i, x := range perm[:64-empties] {
			if i%2 == 0 || rng.IntN(3) == 0 {
				b.P |= Bit(x)
			} else {
				b.O |= Bit(x)
			}
		}
		out = append(out, b)
	}
	return out
}

// Score1 and the leaf searches return null-window results consistent with
// the exact score: above alpha exactly when the score is, and a bound on
// the right side.
func TestLeafSearchesAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 4; n++ {
		for _, b := range endgames(rng, 3000, n) {
			exact := minimax(b)
			for alpha := -65; alpha <= 64; alpha += 1 + rng.IntN(9) {
				var s int
				switch n {
				case 1:
					s = Score1(b.P, alpha, bits.TrailingZeros64(b.Empties()))
				case 2:
					s, _ = Solve2(b, alpha)
				case 3:
					s, _ = Solve3(b, alpha)
				case 4:
					s, _ = Solve4(b, alpha)
				}
				if (s > alpha) != (exact > alpha) || s > alpha && s > exact || s <= alpha && s < exact {
					t.Fatalf("%d empties %s alpha %d: got %d, exact %d", n, BoardString(b), alpha, s, exact)
				}
			}
		}
	}
}

func TestBoardSolve(t *testing.T) {
	for n := 0; n <= 10; n++ {
		for p := 0; p <= 64-n; p++ {
			P := uint64(1)<<uint(p) - 1
			if p == 64 {
				P = ^uint64(0)
			}
			o := 64 - n - p
			want := p - o
			if want > 0 {
				want += n
			} else if want < 0 {
				want -= n
			}
			if got := BoardSolve(P, n); got != want {
				t.Errorf("BoardSolve(%d discs, %d empties) = %d, want %d", p, n, got, want)
			}
		}
	}
}

// Updating features move by move gives the from-scratch features, with
// the digits' meaning alternating as Edax's do.
func TestEvalUpdateMatchesFeatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for g := 0; g < 200; g++ {
		b := StartBoard
		f := EvalFeatures(b)
		mover := 0 // digit of the side to move
		for {
			m := Moves(b.P, b.O)
			if m == 0 {
				if Moves(b.O, b.P) == 0 {
					break
				}
				b = b.Swap()
				mover ^= 1
				continue
			}
			k := rng.IntN(bits.OnesCount64(m))
			for ; k > 0; k-- {
				m &= m - 1
			}
			x := bits.TrailingZeros64(m)
			fl := Flip(b.P, b.O, x)
			f = EvalUpdate(f, x, fl, mover)
			b = b.Play(x, fl)
			mover ^= 1
			want := EvalFeatures(b) // digit 0 = new side to move
			if mover == 1 {
				want = EvalFeatures(b.Swap())
			}
			if f != want {
				t.Fatalf("after %s: features %v, want %v", SquareName(x), f, want)
			}
		}
	}
}

func TestEvalLayout(t *testing.T) {
	if NumWeights != 226315 {
		t.Errorf("NumWeights = %d, want Edax's 226315", NumWeights)
	}
	seen := map[int]int{}
	for i, sq := range FeatureSquares {
		for _, x := range sq {
			seen[x]++
		}
		max := Pow3[len(sq)] // index range of the feature's table
		next := NumWeights - 1
		for j := range FeatureOffset {
			if FeatureOffset[j] > FeatureOffset[i] && FeatureOffset[j] < next {
				next = FeatureOffset[j]
			}
		}
		if FeatureOffset[i]+max > next {
			t.Errorf("feature %d (size 3^%d) overflows its table", i, len(sq))
		}
	}
	if len(seen) != 64 {
		t.Errorf("features cover %d squares, want 64", len(seen))
	}
}

// HashCode equals Go's hash/crc32 Castagnoli without its pre/post
// inversion: an independent oracle for the bitwise reference.
func TestHashCodeIsCRC32C(t *testing.T) {
	tab := crc32.MakeTable(crc32.Castagnoli)
	raw := func(crc uint32, v uint64) uint32 {
		var b [8]byte
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		return ^crc32.Update(^crc, tab, b[:])
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 1000; i++ {
		P, O := rng.Uint64(), rng.Uint64()
		c := raw(0, P)
		if want := uint64(c)<<32 | uint64(raw(c, O)); HashCode(P, O) != want {
			t.Fatalf("HashCode(%x, %x) = %x, want %x", P, O, HashCode(P, O), want)
		}
	}
}

func TestStableEdgeFacts(t *testing.T) {
	// a full edge is stable whatever the colours
	if s := StableEdge(0x55, 0xaa); s != 0x55 {
		t.Errorf("full first rank: stable %x, want 55", s)
	}
	// a lone corner is stable, a lone B1 is not
	if s := StableEdge(Bit(A1)|Bit(B1), Bit(C1)); s&Bit(A1) == 0 || s&Bit(B1) == 0 {
		t.Errorf("A1 B1 next to a corner: %x", s)
	}
	if s := StableEdge(Bit(B1), 0); s != 0 {
		t.Errorf("lone B1 stable: %x", s)
	}
	// table symmetry: mirrored edges have mirrored stability
	rev := func(v int) int { return int(bits.Reverse8(uint8(v))) }
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 && rev(int(EdgeStability[p*256+o])) != int(EdgeStability[rev(p)*256+rev(o)]) {
				t.Fatalf("edge %02x/%02x not symmetric", p, o)
			}
		}
	}
}

func TestStabilityFullBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 100; i++ {
		P := rng.Uint64()
		if s := Stability(P, ^P); s != P {
			t.Fatalf("full board: stable %x, want all of P %x", s, P)
		}
		b := randomBoard(rng)
		if s := Stability(b.P, b.O); s&^b.P != 0 {
			t.Fatalf("stable discs outside P")
		}
	}
}

func TestHashTable(t *testing.T) {
	if _, err := NewHashTable(MaxHashBits + 1); err == nil {
		t.Error("oversized table accepted")
	}
	tb, err := NewHashTable(4)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Entries) != 16+Ways-1 {
		t.Errorf("%d entries", len(tb.Entries))
	}
	for i := range tb.Entries {
		if !tb.IsEmpty(i) {
			t.Fatal("new table not empty")
		}
	}
	tb.Entries[3].P = 1
	if tb.IsEmpty(3) {
		t.Error("written entry reads empty")
	}
	tb.Date++
	if !tb.IsEmpty(3) {
		t.Error("entry of an old date reads full")
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	f.Add("0x10 0x20")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		if p.P&p.O != 0 {
			t.Fatalf("%q parsed to overlapping discs", s)
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("%q: round trip %q gave %v, %v", s, p.String(), q, err)
		}
	})
}

func FuzzParseOBFLine(f *testing.F) {
	f.Add("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12 % c")
	f.Add("% only a comment")
	f.Fuzz(func(t *testing.T, s string) {
		e, ok, err := ParseOBFLine(s)
		if err != nil || !ok {
			return
		}
		if e.P&e.O != 0 {
			t.Fatal("overlap")
		}
		for _, m := range e.Moves {
			if m.Score < ScoreMin || m.Score > ScoreMax || m.Move != Pass && e.Empties()&Bit(m.Move) == 0 {
				t.Fatalf("bad move score %+v", m)
			}
			if moves := Moves(e.P, e.O); m.Move != Pass && moves&Bit(m.Move) == 0 || m.Move == Pass && moves != 0 {
				t.Fatalf("illegal move accepted %+v", m)
			}
		}
	})
}

// The edge table against an independent oracle, over all 3^8 edges: a
// disc is stable when it is P's in every line reachable by placing discs
// of either colour on the empty squares in any order. Lines are base-3
// numbers (0 empty, 1 P, 2 O); a placement adds a disc, so the reachable
// sets are solved from the fullest lines down.
func TestEdgeStabilityExhaustive(t *testing.T) {
	const n = 6561
	var pow [9]int
	pow[0] = 1
	for i := 1; i <= 8; i++ {
		pow[i] = 3 * pow[i-1]
	}
	digit := func(s, i int) int { return s / pow[i] % 3 }
	// play puts colour c on the empty square x of line s and flips.
	play := func(s, x, c int) int {
		s += c * pow[x]
		for _, d := range []int{-1, 1} {
			y := x + d
			for y >= 0 && y < 8 && digit(s, y) == 3-c {
				y += d
			}
			if y >= 0 && y < 8 && digit(s, y) == c {
				for z := x + d; z != y; z += d {
					s += (c - (3 - c)) * pow[z]
				}
			}
		}
		return s
	}
	discs := func(s int) int {
		k := 0
		for i := 0; i < 8; i++ {
			if digit(s, i) != 0 {
				k++
			}
		}
		return k
	}
	// keep[s]: squares that are P in s and in every line reachable from s
	var keep [n]int
	for k := 8; k >= 0; k-- {
		for s := 0; s < n; s++ {
			if discs(s) != k {
				continue
			}
			m := 0
			for i := 0; i < 8; i++ {
				if digit(s, i) == 1 {
					m |= 1 << i
				}
			}
			for x := 0; x < 8; x++ {
				if digit(s, x) == 0 {
					m &= keep[play(s, x, 1)] & keep[play(s, x, 2)]
				}
			}
			keep[s] = m
		}
	}
	for s := 0; s < n; s++ {
		p, o := 0, 0
		for i := 0; i < 8; i++ {
			switch digit(s, i) {
			case 1:
				p |= 1 << i
			case 2:
				o |= 1 << i
			}
		}
		if got := int(EdgeStability[p*256+o]); got != keep[s] {
			t.Fatalf("edge P=%08b O=%08b: table %08b, reachable lines say %08b", p, o, got, keep[s])
		}
	}
}
