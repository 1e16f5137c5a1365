package variants

import (
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// TestFlipLines checks every runnable flip variant against the reference
// on every square x and every line through it, with every assignment of
// empty, P and O to the line's other squares (3^7 at most); the squares
// off the line are filled at random. Random games rarely reach a line's
// unusual patterns (a long run ending on an edge, P beyond an empty
// square, P on both sides), where a vector trick that treats a row, a
// dword or a byte specially goes wrong; Edax-AVX's flip_sse_bswap, for
// one, is wrong on E1 F2 G3 G6 F7 E8.
func TestFlipLines(t *testing.T) {
	vs := Flip.Runnable()
	ref := Flip.Reference()
	rng := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // xorshift64
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	failed := map[string]bool{}
	for x := 0; x < 64; x++ {
		for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
			var line []int
			for _, s := range []int{1, -1} {
				for f, y := x&7+s*d[0], x>>3+s*d[1]; f >= 0 && f < 8 && y >= 0 && y < 8; f, y = f+s*d[0], y+s*d[1] {
					line = append(line, 8*y+f)
				}
			}
			var mask uint64 = kernels.Bit(x)
			for _, sq := range line {
				mask |= kernels.Bit(sq)
			}
			n := 1
			for range line {
				n *= 3
			}
			for c := 0; c < n; c++ {
				a, b := next(), next()
				P, O := a&^b&^mask, b&^a&^mask // off the line: a third each
				for i, k := 0, c; i < len(line); i, k = i+1, k/3 {
					switch k % 3 {
					case 1:
						P |= kernels.Bit(line[i])
					case 2:
						O |= kernels.Bit(line[i])
					}
				}
				want := ref(P, O, x)
				for _, v := range vs {
					if failed[v.Name] {
						continue
					}
					if got := v.Fn(P, O, x); got != want {
						failed[v.Name] = true
						t.Errorf("%s: %s x=%s: got %#016x, want %#016x",
							v.Name, kernels.BoardString(kernels.Board{P: P, O: O}), kernels.SquareName(x), got, want)
					}
				}
			}
		}
	}
}
