package harness

import (
	"fmt"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	checkers["eval_features"] = checkEvalFeatures
	checkers["eval_update"] = checkEvalUpdate
	checkers["eval_sum"] = checkEvalSum
	checkers["hash_clear"] = checkHashClear
	checkers["hash_prefetch"] = checkHashPrefetch
}

func checkEvalFeatures(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.EvalFeatures, name), variants.EvalFeatures.Reference()
	p := pool(o)
	return compare("eval_features", name, o.N, func(i int) (kernels.Features, kernels.Features, func() string) {
		b := p.board(i)
		return fn(b), ref(b), func() string { return bs(b) }
	})
}

// eval_update: every legal move of random-game positions, moved by digit 0
// and by digit 1 (features of the swapped board).
func checkEvalUpdate(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.EvalUpdate, name), variants.EvalUpdate.Reference()
	p := pool(o)
	var b kernels.Board
	var moves uint64
	bi := 0
	return compare("eval_update", name, o.N, func(i int) (kernels.Features, kernels.Features, func() string) {
		for moves == 0 {
			b = p.board(bi)
			bi++
			moves = movesFast(b.P, b.O)
		}
		x := bits.TrailingZeros64(moves)
		moves &= moves - 1
		f := kernels.Flip(b.P, b.O, x)
		mover := i & 1
		src := kernels.EvalFeatures(b)
		if mover == 1 {
			src = kernels.EvalFeatures(b.Swap())
		}
		var got, want kernels.Features
		fn(&got, &src, x, f, mover)
		ref(&want, &src, x, f, mover)
		bb := b
		return got, want, func() string {
			return fmt.Sprintf("%s x=%s flipped=%s mover=%d", bs(bb), kernels.SquareName(x), hexbits(f), mover)
		}
	})
}

var (
	randomWeightsOnce sync.Once
	randomWeights     *variants.EvalWeights
)

// RandomWeights returns seeded random weights over the whole int16 range,
// the same every call.
func RandomWeights() *variants.EvalWeights {
	randomWeightsOnce.Do(func() {
		rng := rngFor(Options{Seed: 42}, 13)
		var plies [variants.NumPlies][]int16
		for p := range plies {
			t := make([]int16, kernels.NumWeights)
			for i := range t {
				t[i] = int16(rng.Uint32())
			}
			plies[p] = t
		}
		w, err := variants.NewEvalWeights(plies)
		if err != nil {
			panic(err)
		}
		randomWeights = w
	})
	return randomWeights
}

// eval_sum: features of random-game positions at every ply, with random
// weights (extremes included) so that no index or sign error hides.
func checkEvalSum(name string, o Options) (int, *Mismatch) {
	fn, ref := mustGet(variants.EvalSum, name), variants.EvalSum.Reference()
	p := pool(o)
	w := RandomWeights()
	return compare("eval_sum", name, o.N, func(i int) (int, int, func() string) {
		b := p.board(i / 61)
		f := kernels.EvalFeatures(b)
		ply := i % 61
		return fn(&f, w, ply), ref(&f, w, ply), func() string { return fmt.Sprintf("%s ply=%d", bs(b), ply) }
	})
}

// hash_clear: tables of 2^2..2^14 entries (and odd lengths) full of
// garbage; after the clear every entry must read as empty, and a second
// clear after new writes too. An entry reads empty when its Date differs
// from the table's or it holds the empty pattern (kernels.HashTable.IsEmpty);
// entries are only written with the table's date, so the garbage has dates
// up to t.Date, and t.Date itself runs through 0, 254 and 255 (the wrap of
// a generation counter) as well as random values. Every table is also
// checked as a window that starts 1..7 entries into its memory (every
// 8-byte alignment modulo 64, for the streaming stores' heads) and stops
// short of its end (their tails).
func checkHashClear(name string, o Options) (int, *Mismatch) {
	fn := mustGet(variants.HashClear, name)
	rng := rngFor(o, 17)
	cases := 0
	for bitsN := 2; bitsN <= 14; bitsN++ {
		full, err := kernels.NewHashTable(bitsN)
		if err != nil {
			panic(err)
		}
		rounds := 12
		if bitsN <= 4 {
			rounds = 600 // through more than two wraps of an 8-bit date
		}
		for round := 0; round < rounds; round++ {
			t := full
			if round%3 == 2 {
				head := 1 + rng.IntN(min(7, len(full.Entries)-1))
				tail := rng.IntN(len(full.Entries) - head)
				t = &kernels.HashTable{Entries: full.Entries[head : len(full.Entries)-tail], Mask: full.Mask, Date: full.Date}
			}
			newDate := false // a date set by hand: every entry rewritten below it
			if round < 12 && round%2 == 1 {
				t.Date, newDate = [6]uint8{0, uint8(rng.Uint32()), 254, uint8(rng.Uint32()), 255, uint8(rng.Uint32())}[round/2], true
			}
			for i := range t.Entries {
				if !newDate && rng.IntN(4) == 0 {
					continue // left as the previous clear wrote it
				}
				e := &t.Entries[i]
				e.P, e.O = rng.Uint64(), rng.Uint64()
				e.Date, e.Cost, e.Depth, e.Sel = uint8(rng.IntN(int(t.Date)+1)), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32())
				if rng.IntN(2) == 0 {
					e.Date = t.Date
				}
				e.Lower, e.Upper = int8(rng.IntN(129)-64), int8(rng.IntN(129)-64)
				e.Move = [2]uint8{uint8(rng.IntN(64)), uint8(rng.IntN(64))}
			}
			var before, after []kernels.HashEntry
			if t != full { // the entries outside the window must stay
				before = append([]kernels.HashEntry(nil), full.Entries...)
			}
			n := len(t.Entries)
			fn(t)
			cases++
			if len(t.Entries) != n {
				return cases, &Mismatch{Kernel: "hash_clear", Variant: name, Input: fmt.Sprintf("table of %d entries", n),
					Got: fmt.Sprintf("%d entries", len(t.Entries)), Want: fmt.Sprintf("%d entries", n)}
			}
			for i := range t.Entries {
				if !t.IsEmpty(i) {
					return cases, &Mismatch{Kernel: "hash_clear", Variant: name,
						Input: fmt.Sprintf("table of %d entries (2^%d+3, window %v), round %d", n, bitsN, t != full, round),
						Got:   fmt.Sprintf("entry %d = %+v (date %d)", i, t.Entries[i], t.Date), Want: "every entry empty"}
				}
				if t.Entries[i].Date > t.Date {
					return cases, &Mismatch{Kernel: "hash_clear", Variant: name,
						Input: fmt.Sprintf("table of %d entries (2^%d+3), round %d", n, bitsN, round),
						Got:   fmt.Sprintf("entry %d of date %d, table date %d", i, t.Entries[i].Date, t.Date),
						Want:  "no entry newer than the table (a later generation would see it full)"}
				}
			}
			if before != nil {
				after = full.Entries
				head := int((uintptr(unsafe.Pointer(&t.Entries[0])) - uintptr(unsafe.Pointer(&full.Entries[0]))) / unsafe.Sizeof(kernels.HashEntry{}))
				for i := range after {
					if (i < head || i >= head+n) && after[i] != before[i] {
						return cases, &Mismatch{Kernel: "hash_clear", Variant: name,
							Input: fmt.Sprintf("window of entries %d..%d of %d", head, head+n, len(after)),
							Got:   fmt.Sprintf("entry %d outside the window changed", i), Want: "only the window written"}
					}
				}
				// back to a whole table that reads empty for the next round
				full.Date = t.Date
				kernels.HashClear(full)
			}
		}
	}
	return cases, nil
}

// hash_prefetch: any code on tables of every size; the table must be left
// as it was.
func checkHashPrefetch(name string, o Options) (int, *Mismatch) {
	fn := mustGet(variants.HashPrefetch, name)
	rng := rngFor(o, 19)
	cases := 0
	for bitsN := 2; bitsN <= 16; bitsN += 2 {
		t, _ := kernels.NewHashTable(bitsN)
		t.Entries[0].P = 12345
		snap := append([]kernels.HashEntry(nil), t.Entries...)
		for i := 0; i < 10000; i++ {
			code := rng.Uint64()
			if i < 2 {
				code = [2]uint64{0, ^uint64(0)}[i]
			}
			fn(t, code)
			cases++
		}
		for i := range snap {
			if snap[i] != t.Entries[i] {
				return cases, &Mismatch{Kernel: "hash_prefetch", Variant: name, Input: fmt.Sprintf("table of 2^%d entries", bitsN),
					Got: fmt.Sprintf("entry %d changed", i), Want: "table unchanged"}
			}
		}
	}
	return cases, nil
}
