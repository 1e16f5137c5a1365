package predict

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

// Path says which decoder an instruction's decoding comes from.
//
// Every instruction is decoded twice: by x86asm or arm64asm
// (golang.org/x/arch, the decoders of go tool objdump) and by
// LLVM's disassembler (llvm-mc --disassemble, whose text is what llvm-mca
// reads: it parses LLVM's assembly syntax, not x86asm's). Where both agree
// on the length and the operation, the instruction is PathX86asm: its
// control flow (branch, call, return and target) is x86asm's. Where x86asm
// fails, or reads another length or operation, it is PathLLVM: LLVM's
// decoding alone, with x86asm's disagreement in Inst.Why. How lengths are
// trusted: Decode. arm64 code is the same with arm64asm (PathARM64asm):
// its instructions are all four bytes long.
type Path string

const (
	PathX86asm   Path = "x86asm"
	PathARM64asm Path = "arm64asm"
	PathLLVM     Path = "llvm"
	// PathArgs marks the loads of a Go function's register arguments that
	// predict puts before its code (argLoads): not in the binary.
	PathArgs Path = "args"
)

// Flow is what an instruction does to the control flow.
type Flow int

const (
	FlowNext     Flow = iota // falls through
	FlowJump                 // to Target
	FlowCond                 // to Target or falls through
	FlowCall                 // to Target (0 if indirect), then falls through
	FlowReturn               // leaves the function
	FlowStop                 // never falls through (a trap)
	FlowIndirect             // a jump through a register or memory
)

// Inst is one decoded instruction.
type Inst struct {
	Addr  uint64
	Bytes []byte
	// Text is LLVM's rendering of the instruction: what llvm-mca reads.
	Text string
	// X86 is x86asm's decoding (valid where Path is PathX86asm).
	X86 x86asm.Inst
	// ARM is arm64asm's decoding (valid where Path is PathARM64asm).
	ARM  arm64asm.Inst
	Path Path
	// Why says, for PathLLVM, what x86asm (arm64asm) made of the bytes.
	Why    string
	Flow   Flow
	Target uint64
}

// Mnemonic is the first word of LLVM's text (prefixes such as rep left
// out).
func (in *Inst) Mnemonic() string { return llvmMnemonic(in.Text) }

// Listing is a function decoded.
type Listing struct {
	Func  Func
	Insts []*Inst
}

// Offset is the instruction's offset in its function.
func (l *Listing) Offset(in *Inst) uint64 { return in.Addr - l.Func.Addr }

// Index returns the index of the instruction at addr, -1 if none starts
// there.
func (l *Listing) Index(addr uint64) int {
	for i, in := range l.Insts {
		if in.Addr == addr {
			return i
		}
	}
	return -1
}

// Decode decodes functions with x86asm and LLVM (one llvm-mc run for all
// of them, through mc) and checks one against the other (Path); arm64
// functions with arm64asm and LLVM (decodeARM64). The functions are of
// one architecture.
//
// Both decode each function from its start. An instruction's length is
// LLVM's where LLVM's re-encoding of it gives back its bytes (a fixup's
// bytes, shown as letters, match any byte); where it does not (LLVM
// drops a redundant prefix or a zero displacement of a NOP), it is
// x86asm's, provided x86asm reads the same operation there. Anything
// else is an error: no boundary could be trusted.
func Decode(ctx context.Context, mc *Tool, fns []Func) ([]*Listing, error) {
	if len(fns) == 0 {
		return nil, nil
	}
	for _, f := range fns[1:] {
		if f.arch() != fns[0].arch() {
			return nil, fmt.Errorf("%s (%s) and %s (%s): the functions decoded at once are of one architecture", shortName(fns[0].Name), fns[0].arch(), shortName(f.Name), f.arch())
		}
	}
	if fns[0].arch() == "arm64" {
		return decodeARM64(ctx, mc, fns)
	}
	llvm, err := mc.disassemble(ctx, fns)
	if err != nil {
		return nil, err
	}
	out := make([]*Listing, len(fns))
	for i, f := range fns {
		l := &Listing{Func: f}
		off := 0
		for _, li := range llvm[i] {
			if off >= len(f.Code) {
				return nil, fmt.Errorf("%s: LLVM decodes more instructions than its %d bytes hold (%s)", shortName(f.Name), len(f.Code), li.text)
			}
			x, xerr := x86asm.Decode(f.Code[off:], 64)
			agree := xerr == nil && sameOp(x.Op, li.text)
			n := len(li.enc)
			switch {
			case encodes(li.enc, f.Code[off:]):
			case agree:
				n = x.Len
			default:
				return nil, fmt.Errorf("%s+%#x: LLVM decodes %s, whose re-encoding is not the bytes % x, and x86asm %s: no boundary can be trusted",
					shortName(f.Name), off, li.text, f.Code[off:min(off+len(li.enc)+2, len(f.Code))], x86asmSays(f.Code[off:], n))
			}
			in := &Inst{Addr: f.Addr + uint64(off), Bytes: f.Code[off : off+n], Text: li.text}
			switch {
			case agree && x.Len == n:
				in.Path, in.X86 = PathX86asm, x
			case xerr == nil && x.Len == n:
				in.Path, in.Why = PathLLVM, fmt.Sprintf("x86asm reads %v, LLVM %s", x.Op, llvmMnemonic(li.text))
			default:
				in.Path, in.Why = PathLLVM, x86asmSays(f.Code[off:], n)
			}
			if err := in.setFlow(); err != nil {
				return nil, fmt.Errorf("%s+%#x: %v", shortName(f.Name), off, err)
			}
			l.Insts = append(l.Insts, in)
			off += n
		}
		if off != len(f.Code) {
			return nil, fmt.Errorf("%s: LLVM decodes %d of its %d bytes", shortName(f.Name), off, len(f.Code))
		}
		out[i] = l
	}
	return out, nil
}

// encodes reports whether a re-encoding is the start of code.
func encodes(enc []string, code []byte) bool {
	if len(enc) > len(code) {
		return false
	}
	for i, e := range enc {
		if len(e) == 1 && e[0] >= 'A' && e[0] <= 'Z' {
			continue
		}
		v, err := strconv.ParseUint(strings.TrimPrefix(e, "0x"), 16, 8)
		if err != nil || byte(v) != code[i] {
			return false
		}
	}
	return true
}

// x86asmSays is what x86asm makes of the bytes at code where LLVM reads
// an instruction of n bytes.
func x86asmSays(code []byte, n int) string {
	x, err := x86asm.Decode(code, 64)
	if err != nil {
		return fmt.Sprintf("x86asm: %v", err)
	}
	return fmt.Sprintf("x86asm decodes %d bytes as %v, LLVM %d", x.Len, x.Op, n)
}

// setFlow finds the instruction's control flow from x86asm's decoding;
// an instruction only LLVM decoded must not transfer control, since its
// target would then be unchecked.
func (in *Inst) setFlow() error {
	if in.Path == PathLLVM {
		switch m := in.Mnemonic(); {
		case m == "ud2" || m == "int3":
			in.Flow = FlowStop
		case strings.HasPrefix(m, "j") || strings.HasPrefix(m, "call") || strings.HasPrefix(m, "ret") || strings.HasPrefix(m, "loop"):
			return fmt.Errorf("%s: a control transfer only LLVM decoded (%s)", in.Text, in.Why)
		}
		return nil
	}
	op := in.X86.Op
	rel, isRel := in.X86.Args[0].(x86asm.Rel)
	target := in.Addr + uint64(in.X86.Len) + uint64(int64(rel))
	switch {
	case op == x86asm.JMP && isRel:
		in.Flow, in.Target = FlowJump, target
	case op == x86asm.JMP:
		in.Flow = FlowIndirect
	case condJumps[op]:
		in.Flow, in.Target = FlowCond, target
	case op == x86asm.CALL && isRel:
		in.Flow, in.Target = FlowCall, target
	case op == x86asm.CALL:
		in.Flow = FlowCall
	case op == x86asm.RET || op == x86asm.LRET:
		in.Flow = FlowReturn
	case op == x86asm.UD2 || op == x86asm.UD1 || op == x86asm.INT:
		in.Flow = FlowStop
	}
	return nil
}

var condJumps = map[x86asm.Op]bool{
	x86asm.JA: true, x86asm.JAE: true, x86asm.JB: true, x86asm.JBE: true, x86asm.JE: true,
	x86asm.JG: true, x86asm.JGE: true, x86asm.JL: true, x86asm.JLE: true, x86asm.JNE: true,
	x86asm.JNO: true, x86asm.JNP: true, x86asm.JNS: true, x86asm.JO: true, x86asm.JP: true,
	x86asm.JS: true, x86asm.JCXZ: true, x86asm.JECXZ: true, x86asm.JRCXZ: true,
	x86asm.LOOP: true, x86asm.LOOPE: true, x86asm.LOOPNE: true,
}

// llvmMnemonic is the operation word of an LLVM instruction's text.
func llvmMnemonic(text string) string {
	for _, w := range strings.Fields(text) {
		switch w {
		case "rep", "repe", "repne", "lock", "notrack", "data16", "{vex}", "{evex}":
			continue
		}
		return w
	}
	return ""
}

// llvmNames are x86asm operations LLVM's AT&T syntax spells otherwise
// than by a size suffix.
var llvmNames = map[x86asm.Op][]string{
	x86asm.MOV:    {"movabsq"},
	x86asm.MOVSXD: {"movslq"},
	x86asm.MOVZX:  {"movzbw", "movzbl", "movzbq", "movzwl", "movzwq"},
	x86asm.MOVSX:  {"movsbw", "movsbl", "movsbq", "movswl", "movswq"},
	x86asm.CQO:    {"cqto"},
	x86asm.CDQ:    {"cltd"},
	x86asm.CDQE:   {"cltq"},
	x86asm.CWDE:   {"cwtl"},
	x86asm.INT:    {"int3"},
}

// sameOp reports whether LLVM's text is the operation x86asm decoded: the
// same name, with or without AT&T's size suffix, or a known other
// spelling.
func sameOp(op x86asm.Op, text string) bool {
	m := llvmMnemonic(text)
	x := strings.ToLower(op.String())
	if m == x {
		return true
	}
	if len(m) == len(x)+1 && strings.HasPrefix(m, x) && strings.ContainsAny(m[len(x):], "bwlq") {
		return true
	}
	for _, n := range llvmNames[op] {
		if m == n {
			return true
		}
	}
	return false
}

// llvmInst is one instruction as llvm-mc disassembled it: its text and
// its re-encoding (bytes, or a letter for a fixup's).
type llvmInst struct {
	text string
	enc  []string
}

var (
	encodingRE = regexp.MustCompile(`^(.*?)\s*# encoding: \[([^\]]*)\]`)
	warningRE  = regexp.MustCompile(`<stdin>:(\d+):\d+: (warning|error): (.*)`)
)

// marker separates the functions given to llvm-mc, so that none is
// decoded into the next: an instruction no function's last one can
// absorb unnoticed (movabsq of a fixed 64-bit constant to R15: were its
// bytes taken into an instruction, one marker fewer would come back).
var (
	marker    = []byte{0x49, 0xbf, 0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01}
	markerEnc = "0x49,0xbf,0xef,0xcd,0xab,0x89,0x67,0x45,0x23,0x01"
)

// disassemble runs llvm-mc --disassemble -show-encoding on every function
// (a line of bytes each, a marker line after it) and returns LLVM's
// instructions of each.
func (t *Tool) disassemble(ctx context.Context, fns []Func) ([][]llvmInst, error) {
	var in bytes.Buffer
	hex := func(code []byte) {
		for i, b := range code {
			if i > 0 {
				in.WriteByte(' ')
			}
			fmt.Fprintf(&in, "0x%02x", b)
		}
		in.WriteByte('\n')
	}
	for _, f := range fns {
		hex(f.Code)
		hex(marker)
	}
	stdout, stderr, err := t.run(ctx, t.MC, &in, "--disassemble", "-show-encoding", "-triple=x86_64-unknown-linux-gnu")
	if err != nil {
		return nil, err
	}
	if m := warningRE.FindStringSubmatch(stderr); m != nil {
		line, _ := strconv.Atoi(m[1])
		where := "?"
		if fi := (line - 1) / 2; line >= 1 && fi < len(fns) {
			where = shortName(fns[fi].Name)
		}
		return nil, fmt.Errorf("%s cannot decode %s: %s", t.MC, where, m[3])
	}
	out := make([][]llvmInst, 0, len(fns))
	var cur []llvmInst
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		m := encodingRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		if m[2] == markerEnc {
			out = append(out, cur)
			cur = nil
			continue
		}
		cur = append(cur, llvmInst{text: strings.Join(strings.Fields(m[1]), " "), enc: strings.Split(m[2], ",")})
	}
	if len(out) != len(fns) || len(cur) > 0 {
		if len(fns) > 1 { // find the function, one at a time
			for _, f := range fns {
				if _, err := t.disassemble(ctx, []Func{f}); err != nil {
					return nil, err
				}
			}
		}
		name := "?"
		if len(fns) == 1 {
			name = shortName(fns[0].Name)
		}
		return nil, fmt.Errorf("%s: LLVM decodes the end of %s with the bytes after it: it ends inside an instruction", t.MC, name)
	}
	return out, nil
}
