package solver

import (
	"math/bits"
	"testing"

	"github.com/flipbench/flipbench/harness"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Fast pure-Go forms of the kernels that have only a reference in the
// registry so far, registered for this package's tests and benchmarks
// only (as "solvertest"), so that the search's own speed can be measured
// before the variant branches land. TestFastGoVariants checks each one
// against its reference.

const testVariant = "solvertest"

// fastSpec selects the fastest pure-Go variants available here.
const fastSpec = "flip=" + testVariant + ",moves=" + testVariant + ",move_evaluate=" + testVariant + ",count_last_flip=" + testVariant + ",stability=" + testVariant +
	",stable_edge_count=" + testVariant + ",hash_code=" + testVariant + ",eval_update=" + testVariant

func init() {
	variants.CountLastFlip.Register(variants.Info{Name: testVariant, Note: "test: popcount of the Go flip"}, copyCLF)
	variants.Stability.Register(variants.Info{Name: testVariant, Note: "test: Edax get_stability in Go"}, stabilityGo)
	variants.StableEdgeCount.Register(variants.Info{Name: testVariant, Note: "test"}, func(P, O uint64) int {
		return bits.OnesCount64(stableEdgeGo(P, O))
	})
	variants.HashCode.Register(variants.Info{Name: testVariant, Note: "test: hash/crc32 Castagnoli"}, hashCRC)
	variants.EvalUpdate.Register(variants.Info{Name: testVariant, Note: "test: per-square deltas"}, evalUpdateGo)
	for i, sq := range kernels.FeatureSquares {
		for j, x := range sq {
			sqDelta[x][i] = uint16(kernels.Pow3[len(sq)-1-j])
		}
	}
	for i := 0; i < 15; i++ {
		for x := 0; x < 64; x++ {
			f, r := x%8, x/8
			if f-r == i-7 {
				diag9[i] |= 1 << uint(x)
			}
			if f+r == i {
				diag7[i] |= 1 << uint(x)
			}
		}
	}
}

var diag9, diag7 [15]uint64

func packA1A8(x uint64) uint64 { return (x & 0x0101010101010101) * 0x0102040810204080 >> 56 }
func packH1H8(x uint64) uint64 { return (x & 0x8080808080808080) * 0x0002040810204081 >> 56 }
func unpackA1A8(x uint64) uint64 {
	var m uint64
	for i := 0; i < 8; i++ {
		m |= (x >> uint(i) & 1) << uint(8*i)
	}
	return m
}

func stableEdgeGo(P, O uint64) uint64 {
	t := kernels.EdgeStability
	s := uint64(t[(P&0xff)<<8|O&0xff]) | uint64(t[(P>>56)<<8|O>>56])<<56
	s |= unpackA1A8(uint64(t[packA1A8(P)<<8|packA1A8(O)]))
	s |= unpackA1A8(uint64(t[packH1H8(P)<<8|packH1H8(O)])) << 7
	return s
}

func stabilityGo(P, O uint64) uint64 {
	disc := P | O
	var fh, fv, f9, f7 uint64
	for r := 0; r < 8; r++ {
		if m := uint64(0xff) << uint(8*r); disc&m == m {
			fh |= m
		}
		if m := uint64(0x0101010101010101) << uint(r); disc&m == m {
			fv |= m
		}
	}
	for i := 0; i < 15; i++ {
		if disc&diag9[i] == diag9[i] {
			f9 |= diag9[i]
		}
		if disc&diag7[i] == diag7[i] {
			f7 |= diag7[i]
		}
	}
	central := P & 0x007e7e7e7e7e7e00
	stable := stableEdgeGo(P, O) | central&fh&fv&f9&f7
	if stable == 0 {
		return 0
	}
	for {
		old := stable
		h := stable>>1 | stable<<1 | fh
		v := stable>>8 | stable<<8 | fv
		d9 := stable>>9 | stable<<9 | f9
		d7 := stable>>7 | stable<<7 | f7
		stable |= h & v & d9 & d7 & central
		if stable == old {
			return stable
		}
	}
}

var sqDelta [64]kernels.Features

func evalUpdateGo(dst, src *kernels.Features, x int, f uint64, mover int) {
	d := *src
	dx := &sqDelta[x]
	if mover == 0 {
		for i := 0; i < kernels.NumFeatures; i++ {
			d[i] -= 2 * dx[i]
		}
		for ; f != 0; f &= f - 1 {
			df := &sqDelta[bits.TrailingZeros64(f)]
			for i := 0; i < kernels.NumFeatures; i++ {
				d[i] -= df[i]
			}
		}
	} else {
		for i := 0; i < kernels.NumFeatures; i++ {
			d[i] -= dx[i]
		}
		for ; f != 0; f &= f - 1 {
			df := &sqDelta[bits.TrailingZeros64(f)]
			for i := 0; i < kernels.NumFeatures; i++ {
				d[i] += df[i]
			}
		}
	}
	*dst = d
}

func TestFastGoVariants(t *testing.T) {
	for _, b := range harness.RandomGames(3, 20000) {
		if got, want := stabilityGo(b.P, b.O), kernels.Stability(b.P, b.O); got != want {
			t.Fatalf("stability %s: %x want %x", kernels.BoardString(b), got, want)
		}
		if got, want := stableEdgeGo(b.P, b.O), kernels.StableEdge(b.P, b.O); got != want {
			t.Fatalf("stable edge %s: %x want %x", kernels.BoardString(b), got, want)
		}
		if got, want := copyMoves(b.P, b.O), kernels.Moves(b.P, b.O); got != want {
			t.Fatalf("moves %s: %x want %x", kernels.BoardString(b), got, want)
		}
		for m := b.Empties(); m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			if got, want := copyFlip(b.P, b.O, x), kernels.Flip(b.P, b.O, x); got != want {
				t.Fatalf("flip %s %d: %x want %x", kernels.BoardString(b), x, got, want)
			}
			f := kernels.Flip(b.P, b.O, x)
			if f != 0 {
				if got, want := copyMoveEvaluate(b, x, f, 5, 20, 64, 65), kernels.MoveEvaluate(b, x, f, 5, 20, 64, 65); got != want {
					t.Fatalf("move_evaluate %s %d: %d want %d", kernels.BoardString(b), x, got, want)
				}
			}
		}
		if got, want := hashCRC(b.P, b.O), kernels.HashCode(b.P, b.O); got != want {
			t.Fatalf("hash %s: %x want %x", kernels.BoardString(b), got, want)
		}
		e := b.Empties()
		if e == 0 {
			continue
		}
		x := bits.TrailingZeros64(e)
		f := kernels.Flip(b.P, b.O, x)
		src := kernels.EvalFeatures(b)
		for mover := 0; mover < 2; mover++ {
			var got kernels.Features
			evalUpdateGo(&got, &src, x, f, mover)
			if want := kernels.EvalUpdate(src, x, f, mover); got != want {
				t.Fatalf("eval_update %s", kernels.BoardString(b))
			}
		}
	}
}
