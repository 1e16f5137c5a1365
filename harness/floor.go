package harness

import (
	"github.com/flipbench/flipbench/harness/bench"
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
		g.Cases = append(g.Cases, &bench.Case{Name: "Floor", Keys: [][2]string{{"impl", f.Impl}, {"form", f.Form}},
			Run: func(n int) { benchSink += loop(in, n) }})
	}
	return []*bench.Group{g}
}

// flipFromAsmGroup times every assembly flip variant called from
// assembly (Kernel/kernel=flip/variant=V/form=from-asm), as the bottom of
// the search calls it: its per-call time without Go's calling cost.
func flipFromAsmGroup(sel BenchSelect, cpu variants.CPUInfo) []*bench.Group {
	in := flipInputs()
	g := &bench.Group{Title: "flip called from assembly"}
	for _, v := range variants.Flip.Runnable(cpu) {
		loop, ok := variants.FlipFromAsm(v.Info)
		if !ok || !sel.wantVariant(v.Name) {
			continue
		}
		g.Cases = append(g.Cases, kernelCase("flip", v.Name, "from-asm", func(n int) { benchSink += loop(in, n) }))
	}
	if len(g.Cases) == 0 {
		return nil
	}
	return []*bench.Group{g}
}

// boardFromAsmGroup times every assembly variant with an entry point of a
// kernel of a board that the bottom of the search calls (moves,
// stable_edge_count, stability, hash_code) called from assembly
// (Kernel/kernel=K/variant=V/form=from-asm), on the inputs of its
// per-call benchmark.
func boardFromAsmGroup[F any](k *variants.Kernel[F], sel BenchSelect, cpu variants.CPUInfo) []*bench.Group {
	in := benchBoards()
	g := &bench.Group{Title: k.Name() + " called from assembly"}
	for _, v := range k.Runnable(cpu) {
		loop, ok := variants.BoardFromAsm(v.Info)
		if !ok || !sel.wantVariant(v.Name) {
			continue
		}
		g.Cases = append(g.Cases, kernelCase(k.Name(), v.Name, "from-asm", func(n int) { benchSink += loop(in, n) }))
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
		return flipFromAsmGroup(sel, cpu)
	case variants.Moves.Name():
		return boardFromAsmGroup(variants.Moves, sel, cpu)
	case variants.StableEdgeCount.Name():
		return boardFromAsmGroup(variants.StableEdgeCount, sel, cpu)
	case variants.Stability.Name():
		return boardFromAsmGroup(variants.Stability, sel, cpu)
	case variants.HashCode.Name():
		return boardFromAsmGroup(variants.HashCode, sel, cpu)
	}
	return nil
}
