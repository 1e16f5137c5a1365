package harness

import (
	"fmt"
	"iter"
	"time"
	"unsafe"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// tableRun is one check of a table kernel: a table of 2^bits entries
// taken through its rounds, the garbage drawn from seed.
type tableRun struct {
	bits int
	seed uint64
}

func (c tableRun) String() string {
	return fmt.Sprintf("tables of 2^%d+3 entries, seed %d", c.bits, c.seed)
}

// ok is what a table check returns when the kernel kept its contract.
const ok = "ok"

// hash_clear: tables of 2^2..2^14 entries full of garbage; after the clear
// every entry must read as empty, and a second clear after new writes
// too. An entry reads empty when its Date differs from the table's or it
// holds the empty pattern (kernels.HashTable.IsEmpty); entries are only
// written with the table's date, so the garbage has dates up to t.Date,
// and t.Date itself runs through 0, 254 and 255 (the wrap of a generation
// counter) as well as random values. Every table is also checked as a
// window that starts 1..7 entries into its memory (every 8-byte alignment
// modulo 64, for the streaming stores' heads) and stops short of its end
// (their tails). Benchmarked per table size, beside the machine's write
// bandwidth.
var _ = declare(&Spec[variants.HashClearFunc, variants.NoBatch, tableRun, string]{
	Kernel: variants.HashClear,
	Call:   clearRounds,
	Cases:  tableRuns(2, 14, 1),
	Show:   tableRun.String,
	Fuzz:   fuzzTableRun,
	Groups: hashClearGroups,
})

// fuzzTableRun makes a table check of a fuzzer's values: its size from x,
// its garbage from P.
func fuzzTableRun(P, _ uint64, x, _ int) (tableRun, bool) { return tableRun{2 + x%9, P}, true }

// tableRuns yields the table sizes lo..hi by step.
func tableRuns(lo, hi, step int) func(o Options) iter.Seq[tableRun] {
	return func(o Options) iter.Seq[tableRun] {
		return func(yield func(tableRun) bool) {
			for b := lo; b <= hi; b += step {
				if !yield(tableRun{b, o.Seed}) {
					return
				}
			}
		}
	}
}

// clearRounds runs the clear through its rounds on one table and
// describes the first breach of the contract, or returns ok.
func clearRounds(fn variants.HashClearFunc, c tableRun) string {
	rng := rngFor(Options{Seed: c.seed}, 17)
	full, err := kernels.NewHashTable(c.bits)
	if err != nil {
		return err.Error()
	}
	rounds := 12
	if c.bits <= 4 {
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
		var before []kernels.HashEntry
		if t != full { // the entries outside the window must stay
			before = append([]kernels.HashEntry(nil), full.Entries...)
		}
		n := len(t.Entries)
		fn(t)
		if len(t.Entries) != n {
			return fmt.Sprintf("round %d: the table has %d entries, not %d", round, len(t.Entries), n)
		}
		for i := range t.Entries {
			if !t.IsEmpty(i) {
				return fmt.Sprintf("round %d (window %v): entry %d = %+v (date %d) does not read empty", round, t != full, i, t.Entries[i], t.Date)
			}
			if t.Entries[i].Date > t.Date {
				return fmt.Sprintf("round %d: entry %d of date %d, table date %d: a later generation would see it full", round, i, t.Entries[i].Date, t.Date)
			}
		}
		if before != nil {
			head := int((uintptr(unsafe.Pointer(&t.Entries[0])) - uintptr(unsafe.Pointer(&full.Entries[0]))) / unsafe.Sizeof(kernels.HashEntry{}))
			for i := range full.Entries {
				if (i < head || i >= head+n) && full.Entries[i] != before[i] {
					return fmt.Sprintf("round %d: entry %d outside the window of entries %d..%d changed", round, i, head, head+n)
				}
			}
			// back to a whole table that reads empty for the next round
			full.Date = t.Date
			kernels.HashClear(full)
		}
	}
	return ok
}

// hashClearGroups: one group per table size, each variant clearing the
// whole table per operation, and the write-bandwidth baseline.
func hashClearGroups(_ *variants.Kernel[variants.HashClearFunc, variants.NoBatch], vs []*variants.Variant[variants.HashClearFunc, variants.NoBatch], s BenchSelect) []*bench.Group {
	var gs []*bench.Group
	for _, hb := range s.HashBits {
		entrySize := int64(unsafe.Sizeof(kernels.HashEntry{}))
		bytes := (int64(1)<<hb + kernels.Ways - 1) * entrySize
		size := bench.SizeName(entrySize << hb) // the 3 extra entries left out of the name
		var t *kernels.HashTable
		g := &bench.Group{Title: "hash_clear " + size}
		g.Setup = func() error {
			var err error
			t, err = kernels.NewHashTable(hb)
			return err
		}
		g.Teardown = func() { t = nil }
		// at about 5 GB/s for the slow loops: plan the progress bar with it
		plan := time.Duration(bytes / 5)
		for _, v := range vs {
			fn := v.Fn
			c := kernelCase("hash_clear", v.Name, "call", func(n int) {
				for i := 0; i < n; i++ {
					fn(t)
				}
				benchSink += uint64(t.Entries[0].Upper)
			}, [2]string{"size", size})
			c.Bytes, c.PlanOp = bytes, plan
			if v.Name == "generation" {
				c.Period = variants.HashClearGenerations
			}
			g.Cases = append(g.Cases, c)
		}
		// the baseline: this machine's write bandwidth, Go's clear
		// streaming zeros over the same memory, measured the same way
		wb := kernelCase("hash_clear", bench.BaselineVariant, "baseline", func(n int) {
			mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.Entries))), bytes)
			for i := 0; i < n; i++ {
				clear(mem)
			}
			benchSink += uint64(mem[0])
		}, [2]string{"size", size})
		wb.Bytes, wb.PlanOp = bytes, plan
		g.Cases = append(g.Cases, wb)
		// the A/A twin: the reference, whose every clear costs the same
		// (a generation clear's cost depends on the table's date, which
		// it shares with its twin)
		g.SetTwin(variants.RefName)
		gs = append(gs, g)
	}
	return gs
}
