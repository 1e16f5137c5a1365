// Package arm64asm writes Go assembly for arm64, the generator the amd64
// side has in avo: each kernel's program (gen/<kernel>/arm64) declares its
// functions by their Go signature, emits their instructions and says which
// CPU features they need; Generate writes the .s file and its Go stubs
// (declarations, the features for the registry, the registrations), byte
// for byte the same on every run. Instructions Go's assembler lacks (SVE,
// some NEON forms) come from the encoder in encode.go as WORDs, each with
// its assembly text beside it.
package arm64asm

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"strings"
)

// A Variant is what the stubs register for a function.
type Variant struct {
	Kernel string // the variants package's kernel variable: Flip, Moves, ...
	Name   string
	Rank   int
	Note   string
	// Batch, if set, is the variant's batch form over words: in holds
	// len(out) inputs of one or more words (registerWordsBatch).
	Batch *Func
}

// Func is one assembly function.
type Func struct {
	Name     string
	Sig      string   // its Go signature, "func(P, O uint64) uint64"
	Doc      string   // the stub's comment
	Requires []string // the variants package's Feature constants: ASIMD, CRC32, SVE
	variant  *Variant
	params   []param
	argsSize int
	lines    []string
	labels   map[string]int
}

type param struct {
	name string
	off  int
	size int
	kind string // "word", "slice"
}

// File is one kernel's generated pair of files.
type File struct {
	cmd     string
	funcs   []*Func
	data    []string
	imports []string
	gocode  []string
}

// Go adds Go source to the stubs (with the imports it needs): what the
// assembly assumes of Go's types, checked when the package compiles.
func (g *File) Go(src string, imports ...string) {
	g.gocode = append(g.gocode, src)
	g.imports = append(g.imports, imports...)
}

// New starts the files of the generator named cmd (its directory under
// gen/, as the header says).
func New(cmd string) *File { return &File{cmd: cmd} }

// Func declares a function with its Go signature (words, ints, pointers
// and slices only) and the features its instructions need.
func (g *File) Func(name, sig, doc string, requires ...string) *Func {
	f := &Func{Name: name, Sig: sig, Doc: doc, Requires: requires}
	f.layout()
	g.funcs = append(g.funcs, f)
	return f
}

// Register makes f a variant of a kernel.
func (f *Func) Register(v Variant) *Func {
	f.variant = &v
	return f
}

// layout places the arguments and results as ABI0 does: every word and
// pointer 8 bytes, a slice 24 (base, len, cap), results after arguments.
func (f *Func) layout() {
	s := strings.TrimPrefix(f.Sig, "func(")
	args, results, ok := strings.Cut(s, ")")
	if !ok {
		panic("arm64asm: bad signature " + f.Sig)
	}
	off := 0
	add := func(names []string, typ string) {
		for _, n := range names {
			p := param{name: n, off: off, size: 8, kind: "word"}
			if strings.HasPrefix(typ, "[]") {
				p.size, p.kind = 24, "slice"
			}
			f.params = append(f.params, p)
			off += p.size
		}
	}
	var pending []string
	for _, a := range strings.Split(args, ",") {
		fields := strings.Fields(a)
		switch len(fields) {
		case 0:
		case 1:
			pending = append(pending, fields[0])
		case 2:
			add(append(pending, fields[0]), fields[1])
			pending = nil
		default:
			panic("arm64asm: bad parameter " + a)
		}
	}
	if len(pending) > 0 {
		panic("arm64asm: untyped parameters in " + f.Sig)
	}
	results = strings.TrimSpace(results)
	if results != "" {
		if strings.ContainsAny(results, "(,") {
			panic("arm64asm: one unnamed result only: " + f.Sig)
		}
		add([]string{"ret"}, results)
	}
	f.argsSize = off
}

func (f *Func) param(name string) param {
	for _, p := range f.params {
		if p.name == name {
			return p
		}
	}
	panic("arm64asm: " + f.Name + " has no parameter " + name)
}

// Arg is a word parameter's (or "ret", the result's) frame reference.
func (f *Func) Arg(name string) string {
	p := f.param(name)
	return fmt.Sprintf("%s+%d(FP)", name, p.off)
}

// Base and Len are a slice parameter's data pointer and length.
func (f *Func) Base(name string) string {
	return fmt.Sprintf("%s_base+%d(FP)", name, f.param(name).off)
}

func (f *Func) Len(name string) string {
	return fmt.Sprintf("%s_len+%d(FP)", name, f.param(name).off+8)
}

// I emits an instruction in Go's operand order (sources first).
func (f *Func) I(op string, operands ...string) {
	if len(operands) == 0 {
		f.lines = append(f.lines, "\t"+op)
		return
	}
	f.lines = append(f.lines, fmt.Sprintf("\t%-8s %s", op, strings.Join(operands, ", ")))
}

// Fresh returns a label named after base that the function has not used
// yet: emitters called twice in one function need their own labels.
func (f *Func) Fresh(base string) string {
	if f.labels == nil {
		f.labels = map[string]int{}
	}
	f.labels[base]++
	if n := f.labels[base]; n > 1 {
		return fmt.Sprintf("%s%d", base, n)
	}
	return base
}

// Label places a label.
func (f *Func) Label(name string) { f.lines = append(f.lines, "", name+":") }

// Comment emits a comment line.
func (f *Func) Comment(s string) { f.lines = append(f.lines, "\t// "+s) }

// Enc emits an instruction the assembler lacks as its encoded word.
func (f *Func) Enc(in Inst) {
	f.lines = append(f.lines, fmt.Sprintf("\tWORD     $0x%08x // %s", in.Word(), in.Text()))
}

// Table emits a read-only table of 64-bit words, private to the file, and
// returns its symbol for the emitters ("$"+sym+"(SB)" is its address).
func (g *File) Table(name string, words []uint64) string {
	return g.table(name+"<>", words)
}

// SharedTable emits a read-only table the package's other assembly files
// read too (through Shared), and returns its symbol.
func (g *File) SharedTable(name string, words []uint64) string {
	return g.table(Shared(name), words)
}

// Shared is the symbol of a table another file emits with SharedTable.
func Shared(name string) string { return "·" + name }

func (g *File) table(sym string, words []uint64) string {
	var b strings.Builder
	for i, w := range words {
		fmt.Fprintf(&b, "DATA %s+0x%03x(SB)/8, $0x%016x\n", sym, 8*i, w)
	}
	fmt.Fprintf(&b, "GLOBL %s(SB), RODATA|NOPTR, $%d\n", sym, 8*len(words))
	g.data = append(g.data, b.String())
	return sym
}

// Generate parses -out, -stubs and -pkg and writes both files.
func (g *File) Generate() {
	out := flag.String("out", "", "assembly file to write")
	stubs := flag.String("stubs", "", "Go stubs file to write")
	pkg := flag.String("pkg", "variants", "package of the stubs")
	flag.Parse()
	if *out == "" || *stubs == "" {
		fmt.Fprintln(os.Stderr, "usage: -out FILE.s -stubs FILE.go [-pkg NAME]")
		os.Exit(2)
	}
	header := fmt.Sprintf("// Code generated by gen/%s (go generate ./...). DO NOT EDIT.\n\n//go:build !purego\n\n", g.cmd)
	if err := os.WriteFile(*out, g.asm(header), 0o644); err != nil {
		fail(err)
	}
	src, err := g.stubs(header, *pkg)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*stubs, src, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "arm64asm:", err)
	os.Exit(1)
}

func (g *File) asm(header string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("#include \"textflag.h\"\n")
	for _, d := range g.data {
		b.WriteString("\n" + d)
	}
	for _, f := range g.funcs {
		fmt.Fprintf(&b, "\n// %s\n// Requires: %s\n", strings.Replace(f.Sig, "func", "func "+f.Name, 1), strings.Join(f.Requires, ", "))
		fmt.Fprintf(&b, "TEXT ·%s(SB), NOSPLIT, $0-%d\n", f.Name, f.argsSize)
		for _, l := range f.lines {
			b.WriteString(l + "\n")
		}
	}
	return b.Bytes()
}

func (g *File) stubs(header, pkg string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(header)
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	if len(g.imports) > 0 {
		b.WriteString("import (\n")
		for _, im := range g.imports {
			fmt.Fprintf(&b, "%q\n", im)
		}
		b.WriteString(")\n\n")
	}
	for _, src := range g.gocode {
		b.WriteString(src + "\n\n")
	}
	for _, f := range g.funcs {
		fmt.Fprintf(&b, "// %s\n", f.Doc)
		if strings.ContainsAny(f.Sig, "*[") {
			b.WriteString("//\n//go:noescape\n")
		}
		fmt.Fprintf(&b, "%s\n\n", strings.Replace(f.Sig, "func", "func "+f.Name, 1))
	}
	b.WriteString("// The CPU features of each function above, from the instructions\n// its generator emitted.\nvar _ = registerISA([]asmFunc{\n")
	for _, f := range g.funcs {
		fmt.Fprintf(&b, "{%s, []Feature{%s}},\n", f.Name, strings.Join(f.Requires, ", "))
	}
	b.WriteString("})\n\nfunc init() {\n")
	for _, f := range g.funcs {
		if v := f.variant; v != nil {
			fmt.Fprintf(&b, "%s.Register(Info{Name: %q, Rank: %d, Note: %q}, %s)\n", v.Kernel, v.Name, v.Rank, v.Note, f.Name)
			if v.Batch != nil {
				fmt.Fprintf(&b, "registerWordsBatch[board](%s, %q, %s)\n", v.Kernel, v.Name, v.Batch.Name)
			}
		}
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
