package predict

import (
	"fmt"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// The forms predicted, named as the benchmarks name them (form=...).
const (
	FormCall  = "call"  // one call of the function
	FormBatch = "batch" // one pass of the batch form's loop
)

// Region is the code whose steady state llvm-mca models: a function's
// path from its entry to its return (per call), or a batch form's loop
// body (batched), with what keeps it from being a straight line.
type Region struct {
	Listing *Listing
	Insts   []*Inst // in the order they run
	// PerPass is how many operations one pass over Insts does: 1 per
	// call, the elements one loop iteration handles when batched; 0 when
	// it cannot be told.
	PerPass int
	// Branches lists the branches whose direction depends on the data
	// (a loop's back edge and exit excepted, and branches to code that
	// only panics or grows the stack): with any, no single path is the
	// one that runs, and no figure is given.
	Branches []string
	// Calls lists the functions called on the way (their symbols): their
	// code is not in the region, so no figure is given either.
	Calls   []string
	callees []uint64 // their addresses (0: a function value)
	// Problems lists anything else that keeps a figure from the region.
	Problems []string
}

// Straight reports whether the region is one path that always runs:
// llvm-mca's figure for it is a prediction.
func (r *Region) Straight() bool {
	return len(r.Branches) == 0 && len(r.Calls) == 0 && len(r.Problems) == 0 && r.PerPass > 0
}

// Why says what keeps the region from a figure, "" if nothing.
func (r *Region) Why() string {
	var s []string
	if n := len(r.Branches); n > 0 {
		s = append(s, fmt.Sprintf("%d data-dependent branch%s (%s)", n, plural(n, "es"), strings.Join(first(r.Branches, 3), ", ")))
	}
	if len(r.Calls) > 0 {
		var names []string
		for _, c := range r.Calls {
			names = append(names, shortName(c))
		}
		s = append(s, "calls "+strings.Join(first(names, 3), ", "))
	}
	s = append(s, r.Problems...)
	if r.PerPass == 0 && len(s) == 0 {
		s = append(s, "how many elements a loop iteration handles is unknown")
	}
	return strings.Join(s, "; ")
}

func first(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(s[:n:n], "...")
}

func plural(n int, suffix string) string {
	if n == 1 {
		return ""
	}
	return suffix
}

// coldCallees start the names of the runtime functions that a branch to
// a block calling them never returns from in a run that matters: a
// bounds-check panic, the stack's growth (once per goroutine).
var coldCallees = []string{"runtime.morestack", "runtime.panic", "runtime.goPanic"}

// flow analyses a listing's control flow, naming callees by bin.
type flow struct {
	l   *Listing
	bin *Binary
}

// cold reports whether the code from instruction i on calls a cold
// runtime function before it branches or returns.
func (f flow) cold(i int) bool {
	for seen := map[int]bool{}; i >= 0 && i < len(f.l.Insts) && !seen[i]; i++ {
		seen[i] = true
		in := f.l.Insts[i]
		switch in.Flow {
		case FlowCall:
			if f.coldCall(in) {
				return true
			}
		case FlowJump:
			if j := f.l.Index(in.Target); j >= 0 {
				i = j - 1
				continue
			}
			return false
		case FlowCond, FlowReturn, FlowStop, FlowIndirect:
			return false
		}
	}
	return false
}

// coldCall reports whether in calls a cold runtime function.
func (f flow) coldCall(in *Inst) bool {
	name := f.bin.SymbolAt(in.Target)
	for _, p := range coldCallees {
		if in.Target != 0 && strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// inCold reports whether instruction i ends cold code: a cold call runs
// before it with no branch between.
func (f flow) inCold(i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch in := f.l.Insts[j]; in.Flow {
		case FlowCall:
			if f.coldCall(in) {
				return true
			}
		case FlowNext:
		default:
			return false
		}
	}
	return false
}

func (f flow) at(in *Inst) string {
	what := in.Mnemonic()
	if in.Flow == FlowIndirect {
		what = "indirect " + what
	}
	return fmt.Sprintf("%s at +%#x", what, f.l.Offset(in))
}

func (f flow) callee(in *Inst) string {
	if in.Target == 0 {
		return "a function value"
	}
	if s := f.bin.SymbolAt(in.Target); s != "" {
		return s
	}
	return fmt.Sprintf("%#x", in.Target)
}

// CallPath is the path of one call of the function: from its entry,
// branches to cold code not taken, to its return.
func CallPath(l *Listing, bin *Binary) *Region {
	f := flow{l, bin}
	r := &Region{Listing: l, PerPass: 1}
	seen := map[int]bool{}
	for i := 0; ; {
		if i < 0 || i >= len(l.Insts) {
			r.Branches = append(r.Branches, "runs off the function's end")
			return r
		}
		if seen[i] {
			r.Branches = append(r.Branches, fmt.Sprintf("a loop back to +%#x", l.Offset(l.Insts[i])))
			return r
		}
		seen[i] = true
		in := l.Insts[i]
		r.Insts = append(r.Insts, in)
		switch in.Flow {
		case FlowReturn:
			return r
		case FlowStop, FlowIndirect:
			r.Branches = append(r.Branches, f.at(in))
			return r
		case FlowJump:
			j := l.Index(in.Target)
			if j < 0 { // a tail call
				r.Calls, r.callees = append(r.Calls, f.callee(in)), append(r.callees, in.Target)
				return r
			}
			i = j
			continue
		case FlowCond:
			j := l.Index(in.Target)
			switch {
			case j >= 0 && f.cold(j): // not taken
			case f.cold(i + 1):
				i = j // taken: the hot code is at the target
				continue
			default:
				r.Branches = append(r.Branches, f.at(in))
			}
		case FlowCall:
			r.Calls, r.callees = append(r.Calls, f.callee(in)), append(r.callees, in.Target)
		}
		i++
	}
}

// BatchLoop is the body of a batch form's loop: from the target of its
// outermost back edge (a jump to an earlier instruction, outside cold
// code) to that back edge. Other branches in it count against a figure
// unless they leave the loop for good (its exit) or go to cold code.
func BatchLoop(l *Listing, bin *Binary) *Region {
	f := flow{l, bin}
	r := &Region{Listing: l}
	head, tail := -1, -1
	for i, in := range l.Insts {
		if in.Flow != FlowJump && in.Flow != FlowCond || in.Target > in.Addr {
			continue
		}
		j := l.Index(in.Target)
		if j < 0 || f.inCold(i) {
			continue
		}
		if head < 0 || j < head || j == head && i > tail {
			head, tail = j, i
		}
	}
	if head < 0 {
		r.Branches = append(r.Branches, "no loop")
		return r
	}
	r.Insts = l.Insts[head : tail+1]
	for i := head; i < tail; i++ {
		in := l.Insts[i]
		switch in.Flow {
		case FlowCond, FlowJump:
			j := l.Index(in.Target)
			inside := j >= head && j <= tail
			switch {
			case j >= 0 && f.cold(j):
			case !inside && !f.reaches(j, head):
			default:
				r.Branches = append(r.Branches, f.at(in))
			}
		case FlowIndirect, FlowStop:
			r.Branches = append(r.Branches, f.at(in))
		case FlowCall:
			r.Calls, r.callees = append(r.Calls, f.callee(in)), append(r.callees, in.Target)
		}
	}
	r.PerPass = f.perPass(head, tail)
	return r
}

// reaches reports whether the code from instruction from can come back
// to instruction to.
func (f flow) reaches(from, to int) bool {
	seen := map[int]bool{}
	var walk func(i int) bool
	walk = func(i int) bool {
		for ; i >= 0 && i < len(f.l.Insts) && !seen[i]; i++ {
			if i == to {
				return true
			}
			seen[i] = true
			in := f.l.Insts[i]
			switch in.Flow {
			case FlowReturn, FlowStop, FlowIndirect:
				return false
			case FlowJump:
				j := f.l.Index(in.Target)
				if j < 0 {
					return false
				}
				i = j - 1
			case FlowCond:
				if j := f.l.Index(in.Target); j >= 0 && walk(j) {
					return true
				}
			}
		}
		return i == to
	}
	return walk(from)
}

// perPass finds how many elements one iteration of the loop handles,
// from the counter its back edge tests: stepped by one (DEC, INC) or by
// an immediate (SUB, ADD: the elements left, counted down) right before
// it, or an index stepped by one and compared (CMP) with the count. 0
// when it is anything else: a pointer compared with the end steps by
// the element's size in bytes, which says nothing of the elements.
func (f flow) perPass(head, tail int) int {
	if f.l.Func.arch() == "arm64" {
		return f.perPassARM64(head, tail)
	}
	back := f.l.Insts[tail]
	if back.Flow == FlowJump {
		return 0 // the exit test is elsewhere: not a shape predict reads
	}
	setter := f.l.Insts[tail-1]
	if setter.Path != PathX86asm {
		return 0
	}
	x := setter.X86
	switch x.Op {
	case x86asm.DEC, x86asm.INC, x86asm.SUB, x86asm.ADD:
		return step(x)
	case x86asm.CMP:
		for _, a := range x.Args[:2] {
			reg, ok := a.(x86asm.Reg)
			if !ok {
				continue
			}
			for i := tail - 2; i >= head; i-- {
				in := f.l.Insts[i]
				if in.Path != PathX86asm {
					continue
				}
				if d, ok := in.X86.Args[0].(x86asm.Reg); ok && d == reg {
					if step(in.X86) == 1 {
						return 1
					}
					return 0
				}
			}
		}
	}
	return 0
}

// step is how far an instruction moves its destination register: 1 for
// INC and DEC, the immediate of an ADD or SUB, 0 for anything else.
func step(x x86asm.Inst) int {
	switch x.Op {
	case x86asm.DEC, x86asm.INC:
		return 1
	case x86asm.SUB, x86asm.ADD:
		if _, ok := x.Args[0].(x86asm.Reg); !ok {
			return 0
		}
		if imm, ok := x.Args[1].(x86asm.Imm); ok && imm != 0 {
			return int(max(imm, -imm))
		}
	}
	return 0
}
