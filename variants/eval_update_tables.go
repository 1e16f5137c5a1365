package variants

import "github.com/flipbench/flipbench/kernels"

// eval_update's tables (Go and assembly), built from
// kernels.FeatureSquares at init; the assembly reads them as ·name(SB).

// x2fEntry is one feature a square belongs to and the weight (a power of
// 3) of its digit there.
type x2fEntry struct{ i, w uint16 }

// x2fSquare lists the features of one square (4 to 7 of them).
type x2fSquare struct {
	n int
	e [7]x2fEntry
}

var (
	// evalX2F is Edax's EVAL_X2F: per square, its features and digit
	// weights.
	evalX2F [64]x2fSquare
	// evalX2FVec is the same as 48 lanes per square (3 x 16 uint16, the
	// Features layout): a move subtracts whole rows.
	evalX2FVec [64]kernels.Features
	// evalX2FWords is evalX2FVec as 12 uint64 words per square (SWAR).
	evalX2FWords [64][12]uint64
)

func init() {
	for i, sq := range kernels.FeatureSquares {
		n := len(sq)
		for j, x := range sq {
			w := uint16(kernels.Pow3[n-1-j])
			s := &evalX2F[x]
			s.e[s.n] = x2fEntry{uint16(i), w}
			s.n++
			evalX2FVec[x][i] += w
		}
	}
	for x := range evalX2FVec {
		for k := range evalX2FWords[x] {
			for l := 0; l < 4; l++ {
				evalX2FWords[x][k] |= uint64(evalX2FVec[x][4*k+l]) << (16 * l)
			}
		}
	}
}
