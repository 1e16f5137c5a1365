package lastflip

// The generated functions of gen/count_last_flip and gen/score_1: each
// form of this package as a function, and as a batch loop over a slice of
// inputs so the benchmarks show what a call costs. Batch functions take
// their inputs as words (variants.LastEmpty is P, x; variants.LastEmptyAlpha
// is P, x, alpha) and run len(out) times.

import (
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// form is one generated kernel: its body given P, x (and alpha for
// score_1), with P also in memory at pmem.
type form struct {
	name, doc string
	vec       bool // uses YMM/ZMM: VZEROUPPER before RET
	count     Counter
	score     func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual
	v         asmgen.Variant // its registration (Kernel and BatchOf are set here)
}

// CountLastFlipFuncs emits count_last_flip's variants, each with its
// batch form.
func CountLastFlipFuncs() {
	counts := []form{
		{name: "countLastFlipSSE2", doc: "Edax's SSE last_flip: PMOVMSKB line indexes, COUNT_FLIP.", count: CountSSE2,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "sse2-movemask", Rank: 42, Note: "Edax SSE: PAND masks, PSUBB, PMOVMSKB line indexes; row byte from memory; 4 COUNT_FLIP lookups"}},
		{name: "countLastFlipAVX2", vec: true, doc: "one VPMOVMSKB for the file, both diagonals and the row (VPSHUFB), four lookups.", count: CountAVX2,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "avx2-movemask", Rank: 33, Note: "one VPMOVMSKB: file, both diagonals and the row (VPSHUFB); 4 lookups, 2 offsets per ADD"}},
		{name: "countLastFlipPEXT", doc: "BMI2: file and a merged up/down line by PEXT, a merged east/west line by kindergarten multiply.", count: CountPEXT,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "bmi2-pext", Rank: 40, PEXT: true, Note: "Edax 4.5.4 BMI2: PEXT file + merged up/down rays, kindergarten merged east/west rays: 3 lookups (4 in the centre)"}},
		{name: "countLastFlipAVX512", vec: true, doc: "the AVX2 movemask index by VPTESTMB into a mask register (256-bit).", count: CountAVX512,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "avx512-vptestmb", Rank: 34, Note: "avx2-movemask with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit)"}},
		{name: "countLastFlipZMM", vec: true, doc: "eight rays in a ZMM register, VPLZCNTQ for the down-rays, one popcount.", count: CountZMM,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "avx512-zmm-rays", Rank: 20, ZMM: true, Note: "no table: 8 rays in a ZMM, lowest closing disc by S-1, highest by VPLZCNTQ; OR-reduce, POPCNT"}},
		// the rest of Edax-AVX's catalog (count_last_flip_*.c)
		{name: "countLastFlipPlain", doc: "count_last_flip_plain.c: row by shift, file and diagonals by kindergarten multiplies, 4 lookups.", count: PlainLines.Count,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "plain", Rank: 24, Note: "Edax plain: row by shift, file by kindergarten multiply, diagonals by byte-sum multiply; 4 lookups, x86-64 only"}},
		{name: "countLastFlipBMI", doc: "count_last_flip_bmi.c: row by lookup, file and diagonals by TZCNT/LZCNT of shifted lines.", count: CountBMI,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "bmi", Rank: 22, Note: "Edax bmi: row by lookup; file and diagonals shifted past x's row, TZCNT/LZCNT & 0x38 = 8 x flips"}},
		{name: "countLastFlipLZCNT", doc: "count_last_flip_lzcnt.c: mirrored to the upper half; top rows by LZCNT, middle rows by kindergarten.", count: CountLZCNT,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "lzcnt", Rank: 25, Note: "Edax lzcnt: BSWAP to the upper half; top 2 rows: S/SE/SW rays by LZCNT, middle rows by kindergarten; row by lookup"}},
		{name: "countLastFlip32", doc: "count_last_flip_32.c's method: 32-bit halves, byte sums of row and diagonal V's, 32-bit packV.", count: Lines32.Count,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "32", Rank: 23, Note: "Edax 32's method in one function: 32-bit halves, byte sums of row and merged diagonal V's, 32-bit packV; 4 lookups"}},
		{name: "countLastFlipSSEPSADBW", doc: "count_last_flip_sse.c (SSE2): PSADBW for a diagonal and the row, PMOVMSKB for the other and the file.", count: SSELines.Count,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "sse", Rank: 28, Note: "Edax 4.5.6 sse: PSADBW sums a diagonal and the row, PMOVMSKB packs the other diagonal and the file; 4 lookups"}},
		{name: "countLastFlipSSEAVX", vec: true, doc: "count_last_flip_sse.c AVXLASTFLIP: one VPMOVMSKB for file and diagonals, the row by shift.", count: CountSSEAVX,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "sse-avxlastflip", Rank: 26, Note: "Edax sse with AVXLASTFLIP: one VPMOVMSKB for file and diagonals, row by shift; 4 lookups"}},
		{name: "countLastFlipPPFill", vec: true, doc: "count_last_flip_avx_ppfill.c: down-rays by parallel prefix fill, up-rays by lowest bit; one popcount.", count: CountPPFill,
			v: asmgen.Variant{Kernel: "CountLastFlip", Name: "avx-ppfill", Rank: 27, Note: "Edax avx_ppfill: 4 down-rays by parallel prefix fill (VPSRLVQ), 4 up-rays below the lowest P; one popcount"}},
	}
	for _, f := range counts {
		countFunc(f)
	}
}

// Score1Funcs emits score_1's variants, each with its batch form.
func Score1Funcs() {
	// exact passes P's memory copy only to counters that read it (SSE2).
	exact := func(c Counter, mem bool) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			if !mem {
				return Score1(c, nil, nil, P, Mem{}, x, alpha)
			}
			return Score1(c, CountSSE2Opp, nil, P, pmem, x, alpha)
		}
	}
	lazy := func(c Counter, hasMove func(P, x reg.GPVirtual)) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			return Score1(c, nil, hasMove, P, Mem{}, x, alpha)
		}
	}
	simul := func(s func(P, x, alpha reg.GPVirtual) reg.GPVirtual) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual { return s(P, x, alpha) }
	}
	lowcut := func(c Counter) func(P reg.GPVirtual, pmem Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
		return func(P reg.GPVirtual, _ Mem, x, alpha reg.GPVirtual) reg.GPVirtual {
			return Score1LowCut(c, P, x, alpha)
		}
	}
	scores := []form{
		{name: "score1SSE2", doc: "board_score_1 on the SSE2 movemask count.", score: exact(CountSSE2, true),
			v: asmgen.Variant{Kernel: "Score1", Name: "sse2-movemask", Rank: 34, Note: "board_score_1 on sse2-movemask, branchless pass fix-up; one call"}},
		{name: "score1AVX2", vec: true, doc: "board_score_1 on the AVX2 movemask count.", score: exact(CountAVX2, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx2-movemask", Rank: 33, Note: "board_score_1 on avx2-movemask, branchless pass fix-up; one call"}},
		{name: "score1PEXT", doc: "board_score_1 on the BMI2 PEXT count.", score: exact(CountPEXT, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "bmi2-pext", Rank: 40, PEXT: true, Note: "board_score_1 on bmi2-pext, branchless pass fix-up; one call"}},
		{name: "score1AVX512", vec: true, doc: "board_score_1 on the AVX-512 VPTESTMB count (256-bit).", score: exact(CountAVX512, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx512-vptestmb", Rank: 36, Note: "board_score_1 on avx512-vptestmb (256-bit), branchless pass fix-up"}},
		{name: "score1SimulAVX2", vec: true, doc: "both sides' counts from one movemask index (lfPair), branchless.", score: simul(Score1SimulAVX2),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx2-simul", Rank: 31, Note: "Edax SIMULLASTFLIP: P's and O's counts from one movemask index (uint16 pair table by line extent); no branch"}},
		{name: "score1SimulAVX512", vec: true, doc: "both sides' counts by VPTESTMB and lfPair (256-bit), branchless.", score: simul(Score1SimulAVX512),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx512-simul", Rank: 32, Note: "avx2-simul with VPTESTMB+KMOVD (AVX-512 BW/VL, 256-bit); no branch"}},
		{name: "score1SimulZMM", vec: true, doc: "both sides' flips from eight rays in one ZMM register, branchless.", score: simul(Score1SimulZMM),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx512-zmm-simul", Rank: 20, ZMM: true, Note: "both sides' flips from 8 rays in one ZMM (VPLZCNTQ), split by & P / &^ P; no table, no branch"}},
		{name: "score1LazyAVX2", vec: true, doc: "lazy high cut: score + 2 once any move lifts the score above alpha (a bound).", score: lazy(CountAVX2, HasMoveAVX2),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx2-lazy-highcut", Rank: 44, Cut: "LazyHighCut", Note: "Edax LASTFLIP_HIGHCUT: above alpha even with 2 flips, only test for a move (ray masks, VPTEST); returns a bound"}},
		{name: "score1LazyAVX512", vec: true, doc: "lazy high cut with VPTESTMQ/VPTESTNMQ and KORTESTW (256-bit; a bound).", score: lazy(CountAVX512, HasMoveAVX512),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx512-lazy-highcut", Rank: 45, Cut: "LazyHighCut", Note: "lazy high cut with VPTESTMQ/VPTESTNMQ and KORTESTW (256-bit); returns a bound"}},
		// the rest of Edax-AVX's catalog: each file's own solve_1 form
		{name: "score1Plain", doc: "count_last_flip_plain.c solve_exact_1: both counts from one set of lookups (lfSpan), cut at alpha.", score: simul(PlainLines.Score1),
			v: asmgen.Variant{Kernel: "Score1", Name: "plain", Rank: 26, Note: "Edax plain solve_exact_1: P's and O's counts from one set of lookups (uint16 pair table), reference cut at alpha; no branch"}},
		{name: "score1BMI", doc: "board_score_1 on the BMI (TZCNT/LZCNT) count.", score: exact(CountBMI, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "bmi", Rank: 25, Note: "board_score_1 on bmi (Edax LASTFLIP_LOWCUT solve_1), branchless pass fix-up"}},
		{name: "score1LZCNT", doc: "board_score_1 on the LZCNT count.", score: exact(CountLZCNT, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "lzcnt", Rank: 28, Note: "board_score_1 on lzcnt (Edax LASTFLIP_LOWCUT solve_1), branchless pass fix-up"}},
		{name: "score132", doc: "count_last_flip_32.c solve_exact_1: both counts from one set of 32-bit lookups (lfSpan), cut at alpha.", score: simul(Lines32.Score1),
			v: asmgen.Variant{Kernel: "Score1", Name: "32", Rank: 24, Note: "Edax 32 solve_exact_1 in 32-bit arithmetic: both counts from one set of lookups, reference cut at alpha; no branch"}},
		{name: "score1SSEPSADBW", doc: "count_last_flip_sse.c mm_solve_exact_1: both counts from the PSADBW/PMOVMSKB lookups (lfSpan), cut at alpha.", score: simul(SSELines.Score1),
			v: asmgen.Variant{Kernel: "Score1", Name: "sse", Rank: 27, Note: "Edax 4.5.6 sse mm_solve_exact_1 (SIMULLASTFLIP): both counts from the PSADBW/PMOVMSKB lookups, reference cut at alpha"}},
		{name: "score1SSEAVX", vec: true, doc: "count_last_flip_sse.c LASTFLIP_LOWCUT with AVXLASTFLIP: board_score_1 on that count.", score: exact(CountSSEAVX, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "sse-avxlastflip", Rank: 29, Note: "Edax sse LASTFLIP_LOWCUT + AVXLASTFLIP mm_solve_1: board_score_1 on sse-avxlastflip"}},
		{name: "score1PPFill", vec: true, doc: "count_last_flip_avx_ppfill.c LASTFLIP_LOWCUT: board_score_1 on the ppfill count.", score: exact(CountPPFill, false),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx-ppfill", Rank: 30, Note: "Edax avx_ppfill LASTFLIP_LOWCUT mm_solve_1: board_score_1 on avx-ppfill"}},
		{name: "score1LowCutAVX2", vec: true, doc: "lazy low cut: at or below alpha, score + P's count with no pass handling (a bound).", score: lowcut(CountAVX2),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx2-lazy-lowcut", Rank: 18, Cut: "LazyLowCut", Note: "Edax lazy low cut (LASTFLIP_HIGHCUT's score <= alpha branch) alone: score+P's flips, no pass test; bound: exact above alpha, in [exact, alpha] at or below"}},
		{name: "score1LowCutAVX512", vec: true, doc: "lazy low cut on the VPTESTMB count (256-bit; a bound).", score: lowcut(CountAVX512),
			v: asmgen.Variant{Kernel: "Score1", Name: "avx512-lazy-lowcut", Rank: 19, Cut: "LazyLowCut", Note: "avx2-lazy-lowcut on the VPTESTMB count (256-bit); bound: exact above alpha, in [exact, alpha] at or below"}},
	}
	for _, f := range scores {
		scoreFunc(f)
	}
}

// countFunc emits f's count_last_flip and its batch form.
func countFunc(f form) {
	f.v.Kernel, f.v.BatchOf = "CountLastFlip", "LastEmpty"
	kernelFunc(f, "func(P uint64, x int) int", []string{"P", "x"}, []string{"P", "x"}, "word pairs",
		func(a map[string]reg.GPVirtual, pmem Mem) reg.GPVirtual { return f.count(a["P"], pmem, a["x"]) })
}

// scoreFunc emits f's score_1 and its batch form.
func scoreFunc(f form) {
	f.v.Kernel, f.v.BatchOf = "Score1", "LastEmptyAlpha"
	kernelFunc(f, "func(P uint64, alpha, x int) int", []string{"P", "alpha", "x"}, []string{"P", "x", "alpha"}, "word triples",
		func(a map[string]reg.GPVirtual, pmem Mem) reg.GPVirtual {
			return f.score(a["P"], pmem, a["x"], a["alpha"])
		})
}

// kernelFunc registers f and emits it with signature sig, its arguments
// params loaded in that order, then its batch form over records of words
// (f.v.BatchOf's), what they are; body is the kernel on the arguments by
// name, P also in memory at pmem.
func kernelFunc(f form, sig string, params, words []string, what string, body func(a map[string]reg.GPVirtual, pmem Mem) reg.GPVirtual) {
	asmgen.Register(f.name, f.v)
	asmgen.Func(f.name, sig)
	Doc(f.name + ": " + f.doc)
	args := map[string]reg.GPVirtual{}
	for _, p := range params {
		args[p] = GP64()
		Load(Param(p), args[p])
	}
	Store(body(args, asmgen.ParamAddr("P")), ReturnIndex(0))
	asmgen.Ret(f.vec)

	asmgen.Func(f.name+"Batch", "func(in []uint64, out []int)")
	Doc(f.name + "Batch runs " + f.name + " on (" + strings.Join(words, ", ") + ") " + what + ", len(out) of them.")
	asmgen.BatchLoop(8*len(words), nil, func(p reg.GPVirtual) reg.Register {
		rec := map[string]reg.GPVirtual{}
		for _, w := range words {
			rec[w] = GP64()
		}
		for i, w := range words {
			MOVQ(Mem{Base: p, Disp: 8 * i}, rec[w])
		}
		return body(rec, Mem{Base: p})
	})
	asmgen.Ret(f.vec)
}
