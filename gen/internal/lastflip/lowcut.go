package lastflip

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Score1LowCut is Edax's lazy low cut-off, the score <= alpha branch of
// mm_solve_1 under LASTFLIP_HIGHCUT (count_last_flip_sse.c), without the
// high cut: with score = 2 x popcount(P) - 62 (x counted for P) at or
// below alpha, P's count alone decides (if P passes, the true score is
// at most score, so at most alpha whatever O does) and score + count is
// returned with no pass handling. Above alpha it is board_score_1.
//
// The contract (a LazyLowCut): the exact final score E when E >
// alpha; at or below alpha a value in [E, alpha] (score itself when P
// passes, where board_score_1 gives the pass score, 2 less if score <= 0).
func Score1LowCut(count Counter, P reg.GPVirtual, x, alpha reg.GPVirtual) reg.GPVirtual {
	score := scoreOf(P)
	res := GP64()
	done := newLabel("done")
	n := count(P, Mem{}, x)
	LEAQ(Mem{Base: score, Index: n, Scale: 1}, res)
	TESTQ(n, n)
	JNZ(LabelRef(done))
	CMPQ(score, alpha)
	JLE(LabelRef(done)) // lazy low cut: res = score
	passTail(count, nil, P, Mem{}, x, alpha, score, res, done)
	Label(done)
	return res
}
