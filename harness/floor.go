package harness

import (
	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// FloorKernel selects the call floors where a kernel name is expected
// (flipbench bench -kernel floor); a session of every kernel has them.
const FloorKernel = "floor"

// floorGroups are the call floors, Floor/impl=go|asm/form=funcvalue|
// direct|from-asm: a function of flip's signature with no body, called
// on flip's inputs in each form this build has. Beside them, the
// per-call times say what is call and what is body: every kernel is
// benchmarked as funcvalue calls (form=call), the solver calls through
// func values too, and the bottom of the search calls from assembly.
func floorGroups() []*bench.Group {
	in := flipInputs()
	g := &bench.Group{Title: "call floor"}
	for _, f := range variants.CallFloors() {
		loop := f.Loop
		g.Cases = append(g.Cases, &bench.Case{Name: "Floor", Keys: [][2]string{{resultsfile.KeyImpl, f.Impl}, {"form", f.Form}},
			Run: func(n int) { benchSink += loop(in, n) }})
	}
	return []*bench.Group{g}
}

// fromAsmGroup times every variant of kernel k with an entry point
// called from assembly (Kernel/kernel=K/variant=V/form=from-asm), as the
// bottom of the search calls it: its per-call time without Go's calling
// cost, on in, the inputs of its per-call benchmark; loop is the
// variants' from-asm loop of k's signature.
func fromAsmGroup[F, B, In any](k *variants.Kernel[F, B], in []In, loop func(variants.Info) (func([]In, int) uint64, bool), sel BenchSelect, cpu variants.CPUInfo) []*bench.Group {
	g := &bench.Group{Title: k.Name() + " called from assembly"}
	for _, v := range k.Runnable(cpu) {
		run, ok := loop(v.Info)
		if !ok || !sel.wantVariant(v.Name) {
			continue
		}
		g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "from-asm", func(n int) { benchSink += run(in, n) }))
	}
	if len(g.Cases) == 0 {
		return nil
	}
	return []*bench.Group{g}
}

// fromAsmGroups are the from-asm forms of kernel: those of the kernels
// the bottom of the search calls from assembly with register-free stack
// arguments (flip, and the kernels of a board).
func fromAsmGroups(kernel string, sel BenchSelect, cpu variants.CPUInfo) []*bench.Group {
	switch kernel {
	case variants.Flip.Name():
		return fromAsmGroup(variants.Flip, flipInputs(), variants.FlipFromAsm, sel, cpu)
	case variants.Moves.Name():
		return fromAsmGroup(variants.Moves, benchBoards(), variants.BoardFromAsm, sel, cpu)
	case variants.StableEdgeCount.Name():
		return fromAsmGroup(variants.StableEdgeCount, benchBoards(), variants.BoardFromAsm, sel, cpu)
	case variants.Stability.Name():
		return fromAsmGroup(variants.Stability, benchBoards(), variants.BoardFromAsm, sel, cpu)
	case variants.HashCode.Name():
		return fromAsmGroup(variants.HashCode, benchBoards(), variants.BoardFromAsm, sel, cpu)
	}
	return nil
}
