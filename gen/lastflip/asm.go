// Command lastflip generates the count_last_flip and score_1 variants:
// each form of gen/internal/lastflip as a function, and as a batch loop
// over a slice of inputs so the benchmarks show what a call costs.
//
// Batch functions take their inputs as words (variants.PX is P, x;
// variants.PXA is P, x, alpha) and run len(out) times.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/lastflip"
)

// form is one generated kernel: its body given P, x (and alpha for
// score_1), with P also in memory at pmem.
type form struct {
	name, doc string
	vec       bool // uses YMM/ZMM: VZEROUPPER before RET
	count     lastflip.Counter
	score     func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual
}

func main() {
	asmgen.Setup()

	counts := []form{
		{name: "countLastFlipSSE2", doc: "Edax's SSE last_flip: PMOVMSKB line indexes, COUNT_FLIP.", count: lastflip.CountSSE2},
		{name: "countLastFlipAVX2", vec: true, doc: "one VPMOVMSKB for the file, both diagonals and the row (VPSHUFB), four lookups.", count: lastflip.CountAVX2},
		{name: "countLastFlipPEXT", doc: "BMI2: file and a merged up/down line by PEXT, a merged east/west line by kindergarten multiply.", count: lastflip.CountPEXT},
		{name: "countLastFlipAVX512", vec: true, doc: "the AVX2 movemask index by VPTESTMB into a mask register (256-bit).", count: lastflip.CountAVX512},
		{name: "countLastFlipZMM", vec: true, doc: "eight rays in a ZMM register, VPLZCNTQ for the down-rays, one popcount.", count: lastflip.CountZMM},
		// the rest of Edax-AVX's catalog (count_last_flip_*.c)
		{name: "countLastFlipPlain", doc: "count_last_flip_plain.c: row by shift, file and diagonals by kindergarten multiplies, 4 lookups.", count: lastflip.CountPlain},
		{name: "countLastFlipBMI", doc: "count_last_flip_bmi.c: row by lookup, file and diagonals by TZCNT/LZCNT of shifted lines.", count: lastflip.CountBMI},
		{name: "countLastFlipLZCNT", doc: "count_last_flip_lzcnt.c: mirrored to the upper half; top rows by LZCNT, middle rows by kindergarten.", count: lastflip.CountLZCNT},
		{name: "countLastFlip32", doc: "count_last_flip_32.c's method: 32-bit halves, byte sums of row and diagonal V's, 32-bit packV.", count: lastflip.Count32},
		{name: "countLastFlipSSEPSADBW", doc: "count_last_flip_sse.c (SSE2): PSADBW for a diagonal and the row, PMOVMSKB for the other and the file.", count: lastflip.CountSSE},
		{name: "countLastFlipSSEAVX", vec: true, doc: "count_last_flip_sse.c AVXLASTFLIP: one VPMOVMSKB for file and diagonals, the row by shift.", count: lastflip.CountSSEAVX},
		{name: "countLastFlipPPFill", vec: true, doc: "count_last_flip_avx_ppfill.c: down-rays by parallel prefix fill, up-rays by lowest bit; one popcount.", count: lastflip.CountPPFill},
	}
	for _, f := range counts {
		countFunc(f)
	}

	// exact passes P's memory copy only to counters that read it (SSE2).
	exact := func(c lastflip.Counter, mem bool) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			if !mem {
				return lastflip.Score1(c, nil, nil, P, Mem{}, x, alpha)
			}
			return lastflip.Score1(c, lastflip.CountSSE2Opp, nil, P, pmem, x, alpha)
		}
	}
	lazy := func(c lastflip.Counter, hasMove func(P, x reg.GPVirtual)) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			return lastflip.Score1(c, nil, hasMove, P, Mem{}, x, alpha)
		}
	}
	simul := func(s func(P, x, alpha reg.GPVirtual) reg.GPVirtual) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual { return s(P, x, alpha) }
	}
	lowcut := func(c lastflip.Counter) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			return lastflip.Score1LowCut(c, P, x, alpha)
		}
	}
	scores := []form{
		{name: "score1SSE2", doc: "board_score_1 on the SSE2 movemask count.", score: exact(lastflip.CountSSE2, true)},
		{name: "score1AVX2", vec: true, doc: "board_score_1 on the AVX2 movemask count.", score: exact(lastflip.CountAVX2, false)},
		{name: "score1PEXT", doc: "board_score_1 on the BMI2 PEXT count.", score: exact(lastflip.CountPEXT, false)},
		{name: "score1AVX512", vec: true, doc: "board_score_1 on the AVX-512 VPTESTMB count (256-bit).", score: exact(lastflip.CountAVX512, false)},
		{name: "score1SimulAVX2", vec: true, doc: "both sides' counts from one movemask index (lfPair), branchless.", score: simul(lastflip.Score1SimulAVX2)},
		{name: "score1SimulAVX512", vec: true, doc: "both sides' counts by VPTESTMB and lfPair (256-bit), branchless.", score: simul(lastflip.Score1SimulAVX512)},
		{name: "score1SimulZMM", vec: true, doc: "both sides' flips from eight rays in one ZMM register, branchless.", score: simul(lastflip.Score1SimulZMM)},
		{name: "score1LazyAVX2", vec: true, doc: "lazy high cut: score + 2 once any move lifts the score above alpha (a bound).", score: lazy(lastflip.CountAVX2, lastflip.HasMoveAVX2)},
		{name: "score1LazyAVX512", vec: true, doc: "lazy high cut with VPTESTMQ/VPTESTNMQ and KORTESTW (256-bit; a bound).", score: lazy(lastflip.CountAVX512, lastflip.HasMoveAVX512)},
		// the rest of Edax-AVX's catalog: each file's own solve_1 form
		{name: "score1Plain", doc: "count_last_flip_plain.c solve_exact_1: both counts from one set of lookups (lfSpan), cut at alpha.", score: simul(lastflip.Score1Plain)},
		{name: "score1BMI", doc: "board_score_1 on the BMI (TZCNT/LZCNT) count.", score: exact(lastflip.CountBMI, false)},
		{name: "score1LZCNT", doc: "board_score_1 on the LZCNT count.", score: exact(lastflip.CountLZCNT, false)},
		{name: "score132", doc: "count_last_flip_32.c solve_exact_1: both counts from one set of 32-bit lookups (lfSpan), cut at alpha.", score: simul(lastflip.Score132)},
		{name: "score1SSEPSADBW", doc: "count_last_flip_sse.c mm_solve_exact_1: both counts from the PSADBW/PMOVMSKB lookups (lfSpan), cut at alpha.", score: simul(lastflip.Score1SSE)},
		{name: "score1SSEAVX", vec: true, doc: "count_last_flip_sse.c LASTFLIP_LOWCUT with AVXLASTFLIP: board_score_1 on that count.", score: exact(lastflip.CountSSEAVX, false)},
		{name: "score1PPFill", vec: true, doc: "count_last_flip_avx_ppfill.c LASTFLIP_LOWCUT: board_score_1 on the ppfill count.", score: exact(lastflip.CountPPFill, false)},
		{name: "score1LowCutAVX2", vec: true, doc: "lazy low cut: at or below alpha, score + P's count with no pass handling (a bound).", score: lowcut(lastflip.CountAVX2)},
		{name: "score1LowCutAVX512", vec: true, doc: "lazy low cut on the VPTESTMB count (256-bit; a bound).", score: lowcut(lastflip.CountAVX512)},
	}
	for _, f := range scores {
		scoreFunc(f)
	}

	asmgen.Generate()
}

func ret(f form) {
	if f.vec {
		VZEROUPPER()
	}
	RET()
}

func countFunc(f form) {
	asmgen.Func(f.name, "func(P uint64, x int) int")
	Doc(f.name + ": " + f.doc)
	P := GP64()
	Load(Param("P"), P)
	x := GP64()
	Load(Param("x"), x)
	pm, _ := Param("P").Resolve()
	n := f.count(P, pm.Addr, x)
	Store(n, ReturnIndex(0))
	ret(f)

	asmgen.Func(f.name+"Batch", "func(in []uint64, out []int)")
	Doc(f.name + "Batch runs " + f.name + " on (P, x) word pairs, len(out) of them.")
	loop(f, 16, func(p reg.GPVirtual) reg.GPVirtual {
		P, x := GP64(), GP64()
		MOVQ(Mem{Base: p}, P)
		MOVQ(Mem{Base: p, Disp: 8}, x)
		return f.count(P, Mem{Base: p}, x)
	})
}

func scoreFunc(f form) {
	asmgen.Func(f.name, "func(P uint64, alpha, x int) int")
	Doc(f.name + ": " + f.doc)
	P := GP64()
	Load(Param("P"), P)
	alpha := GP64()
	Load(Param("alpha"), alpha)
	x := GP64()
	Load(Param("x"), x)
	pm, _ := Param("P").Resolve()
	s := f.score(P, pm.Addr, x, alpha)
	Store(s, ReturnIndex(0))
	ret(f)

	asmgen.Func(f.name+"Batch", "func(in []uint64, out []int)")
	Doc(f.name + "Batch runs " + f.name + " on (P, x, alpha) word triples, len(out) of them.")
	loop(f, 24, func(p reg.GPVirtual) reg.GPVirtual {
		P, x, alpha := GP64(), GP64(), GP64()
		MOVQ(Mem{Base: p}, P)
		MOVQ(Mem{Base: p, Disp: 8}, x)
		MOVQ(Mem{Base: p, Disp: 16}, alpha)
		return f.score(P, Mem{Base: p}, x, alpha)
	})
}

// loop runs body over len(out) records of size bytes.
func loop(f form, size int, body func(p reg.GPVirtual) reg.GPVirtual) {
	p, o, n := GP64(), GP64(), GP64()
	Load(Param("in").Base(), p)
	Load(Param("out").Base(), o)
	Load(Param("out").Len(), n)
	TESTQ(n, n)
	JZ(LabelRef("done"))
	Label("loop")
	r := body(p)
	MOVQ(r, Mem{Base: o})
	ADDQ(U8(size), p)
	ADDQ(U8(8), o)
	DECQ(n)
	JNZ(LabelRef("loop"))
	Label("done")
	ret(f)
}
