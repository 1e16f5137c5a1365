package predict

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
)

// decodeARM64 decodes arm64 functions with arm64asm and LLVM (one
// llvm-mc run for all of them) and checks one against the other.
//
// Every instruction is a four-byte word, so no boundary is to be found:
// each word goes to llvm-mc on a line of its own, and a word LLVM cannot
// decode (a literal pool's constant) is known by its warning's line. A
// word is PathARM64asm where arm64asm reads the operation LLVM does and
// LLVM's re-encoding is the word; PathLLVM where arm64asm fails or reads
// another (what it made of it in Why). A word LLVM cannot decode is data:
// its text a .inst directive, FlowStop, so that no region runs through
// it. An instruction only LLVM decoded that transfers control is FlowStop
// too, its target unchecked: a region that reaches it gets no figure.
func decodeARM64(ctx context.Context, mc *Tool, fns []Func) ([]*Listing, error) {
	llvm, err := mc.disassembleARM64(ctx, fns)
	if err != nil {
		return nil, err
	}
	out := make([]*Listing, len(fns))
	for i, f := range fns {
		l := &Listing{Func: f}
		for k := range len(f.Code) / 4 {
			off := 4 * k
			word := f.Code[off : off+4]
			in := &Inst{Addr: f.Addr + uint64(off), Bytes: word}
			x, xerr := arm64asm.Decode(word)
			if xerr == nil && x.Op == 0 {
				xerr = fmt.Errorf("no operation")
			}
			switch li := llvm[i][k]; {
			case li == nil:
				in.Text = fmt.Sprintf(".inst 0x%08x", binary.LittleEndian.Uint32(word))
				in.Path, in.Flow = PathLLVM, FlowStop
				in.Why = "LLVM: invalid instruction encoding; " + arm64asmSays(x, xerr)
			case !encodes(li.enc, word):
				in.Text, in.Path = li.text, PathLLVM
				in.Why = fmt.Sprintf("LLVM re-encodes %s as [%s]; %s", li.text, strings.Join(li.enc, ","), arm64asmSays(x, xerr))
			case xerr == nil && sameARMOp(x, li.text):
				in.Text, in.Path, in.ARM = li.text, PathARM64asm, x
			default:
				in.Text, in.Path = li.text, PathLLVM
				in.Why = arm64asmSays(x, xerr) + ", LLVM " + llvmMnemonic(li.text)
			}
			in.setFlowARM64()
			l.Insts = append(l.Insts, in)
		}
		if len(f.Code)%4 != 0 {
			return nil, fmt.Errorf("%s: %d bytes, not whole arm64 instructions", shortName(f.Name), len(f.Code))
		}
		out[i] = l
	}
	return out, nil
}

func arm64asmSays(x arm64asm.Inst, err error) string {
	if err != nil {
		return fmt.Sprintf("arm64asm: %v", err)
	}
	return fmt.Sprintf("arm64asm reads %v", x.Op)
}

// setFlowARM64 finds an arm64 instruction's control flow from arm64asm's
// decoding. One only LLVM decoded never transfers control: a branch
// there is FlowStop (its target unchecked), as are UDF, BRK and HLT.
func (in *Inst) setFlowARM64() {
	if in.Path != PathARM64asm {
		if in.Flow == FlowStop {
			return
		}
		switch m := in.Mnemonic(); {
		case m == "udf" || m == "brk" || m == "hlt":
			in.Flow = FlowStop
		case armBranches[m] || strings.HasPrefix(m, "b.") || strings.HasPrefix(m, "ret") || strings.HasPrefix(m, "bl") || strings.HasPrefix(m, "br"):
			in.Flow = FlowStop
			in.Why += "; a control transfer only LLVM decoded: its target unchecked"
		}
		return
	}
	x := in.ARM
	rel := func(i int) (uint64, bool) {
		r, ok := x.Args[i].(arm64asm.PCRel)
		return in.Addr + uint64(int64(r)), ok
	}
	switch x.Op {
	case arm64asm.B:
		if _, cond := x.Args[0].(arm64asm.Cond); cond {
			in.Flow, in.Target = FlowCond, pcrel(rel(1))
		} else {
			in.Flow, in.Target = FlowJump, pcrel(rel(0))
		}
	case arm64asm.CBZ, arm64asm.CBNZ:
		in.Flow, in.Target = FlowCond, pcrel(rel(1))
	case arm64asm.TBZ, arm64asm.TBNZ:
		in.Flow, in.Target = FlowCond, pcrel(rel(2))
	case arm64asm.BL:
		in.Flow, in.Target = FlowCall, pcrel(rel(0))
	case arm64asm.BLR:
		in.Flow = FlowCall
	case arm64asm.BR:
		in.Flow = FlowIndirect
	case arm64asm.RET:
		in.Flow = FlowReturn
	case arm64asm.BRK, arm64asm.HLT, arm64asm.ERET:
		in.Flow = FlowStop
	}
}

// pcrel is a branch's PC-relative target, which arm64asm's branches
// always have (0 if not).
func pcrel(target uint64, ok bool) uint64 {
	if !ok {
		return 0
	}
	return target
}

// armBranches are LLVM's names of the arm64 control transfers that the
// prefixes in setFlowARM64 do not cover.
var armBranches = map[string]bool{"b": true, "cbz": true, "cbnz": true, "tbz": true, "tbnz": true, "eret": true}

// sameARMOp reports whether LLVM's text is the operation arm64asm
// decoded: the same name, a conditional branch's condition aside. Both
// follow Arm's preferred disassembly (its aliases: MOV, LSL, TST, ...):
// over every function of an arm64 flipbench build, arm64asm v0.33.0 and
// LLVM 19 name every instruction both decode alike.
func sameARMOp(x arm64asm.Inst, text string) bool {
	m := llvmMnemonic(text)
	if m == strings.ToLower(x.Op.String()) {
		return true
	}
	_, cond := x.Args[0].(arm64asm.Cond)
	return cond && x.Op == arm64asm.B && strings.HasPrefix(m, "b.")
}

// aarch64EncodingRE is an instruction line of llvm-mc -show-encoding
// for aarch64, whose comments start with //.
var aarch64EncodingRE = regexp.MustCompile(`^\s*(.*?)\s*// encoding: \[([^\]]*)\]`)

// disassembleARM64 runs llvm-mc --disassemble -show-encoding on every
// word of every function, a line each (every extension LLVM knows on:
// which a CPU has is the models' business), and returns LLVM's
// instruction of each word, nil where LLVM cannot decode it.
func (t *Tool) disassembleARM64(ctx context.Context, fns []Func) ([][]*llvmInst, error) {
	var in bytes.Buffer
	type pos struct{ fn, word int }
	var lines []pos // by line number - 1
	for i, f := range fns {
		for k := 0; k+4 <= len(f.Code); k += 4 {
			w := f.Code[k : k+4]
			fmt.Fprintf(&in, "0x%02x 0x%02x 0x%02x 0x%02x\n", w[0], w[1], w[2], w[3])
			lines = append(lines, pos{i, k / 4})
		}
	}
	stdout, stderr, err := t.run(ctx, t.MC, &in, "--disassemble", "-show-encoding", "-triple="+mtriple("arm64"), "-mattr=+all")
	if err != nil {
		return nil, err
	}
	invalid := map[int]bool{}
	for _, m := range warningRE.FindAllStringSubmatch(stderr, -1) {
		line, _ := strconv.Atoi(m[1])
		switch {
		case line < 1 || line > len(lines):
			return nil, fmt.Errorf("%s: %s at line %d of %d", t.MC, m[3], line, len(lines))
		case m[3] == "invalid instruction encoding":
			invalid[line-1] = true
		case m[2] == "warning" && strings.Contains(m[3], "undefined instruction encoding"):
			// decoded all the same: an encoding whose effect Arm leaves open
		default:
			return nil, fmt.Errorf("%s cannot decode %s+%#x: %s", t.MC, shortName(fns[lines[line-1].fn].Name), 4*lines[line-1].word, m[3])
		}
	}
	out := make([][]*llvmInst, len(fns))
	for i, f := range fns {
		out[i] = make([]*llvmInst, len(f.Code)/4)
	}
	next := 0 // the next line LLVM decodes
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		m := aarch64EncodingRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		for next < len(lines) && invalid[next] {
			next++
		}
		if next == len(lines) {
			return nil, fmt.Errorf("%s: more instructions than the %d words given", t.MC, len(lines))
		}
		p := lines[next]
		out[p.fn][p.word] = &llvmInst{text: strings.Join(strings.Fields(m[1]), " "), enc: strings.Split(m[2], ",")}
		next++
	}
	for next < len(lines) && invalid[next] {
		next++
	}
	if next != len(lines) {
		return nil, fmt.Errorf("%s: %d instructions decoded of the %d words given", t.MC, next, len(lines))
	}
	return out, nil
}
