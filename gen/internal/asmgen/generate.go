package asmgen

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// feature maps avo's ISA names (its "// Requires:" lines) to the
// constants of package variants.
var feature = map[string]string{
	"SSE2": "SSE2", "SSSE3": "SSSE3", "SSE4.1": "SSE41", "SSE4.2": "SSE42", "POPCNT": "POPCNT",
	"CMOV": "CMOV", "AVX": "AVX", "AVX2": "AVX2", "BMI": "BMI1", "BMI2": "BMI2", "LZCNT": "LZCNT",
	"AVX512F": "AVX512F", "AVX512CD": "AVX512CD", "AVX512BW": "AVX512BW", "AVX512DQ": "AVX512DQ",
	"AVX512VL": "AVX512VL", "AVX512VPOPCNTDQ": "AVX512VPOPCNTDQ", "GFNI": "GFNI",
	"MMX+": "SSE2", // avo's name for SFENCE and PREFETCHh: in every SSE2 CPU
}

// internal maps functions reached only from other assembly (a jump
// table's targets) to the functions that reach them.
var internal = map[string][]string{}

// Internal marks fn as reached only from the assembly functions callers
// (through a jump table): its features are added to theirs, and it is not
// listed for the registry (no variant calls it from Go).
func Internal(fn string, callers ...string) { internal[fn] = append(internal[fn], callers...) }

// A Variant registers a generated function in package variants' registry:
// Generate writes the registration with the stubs, so that a kernel's
// assembly variants are declared where they are generated.
type Variant struct {
	Kernel string // the kernel's variable in package variants: Flip, Moves, ...
	Name   string // the variant's name, as Othello programmers know it
	Rank   int    // orders the default choice (see variants.Info)
	Note   string // one line an Othello programmer understands
	PEXT   bool   // built on PEXT/PDEP (never the default where microcoded)
	ZMM    bool   // 512-bit registers (not the default where they downclock)
	// Cut, if set, is the variants.Cut of a lazy result (score_1's
	// LazyHighCut, LazyLowCut): see the kernel's contract.
	Cut string
	// BatchOf, if set, is the element type of the function's batch form
	// fn+"Batch", which reads its inputs as 64-bit words (BoardX, board,
	// LastEmpty, LastEmptyAlpha, BoardAlpha: see variants/batch.go).
	BatchOf string
	// BatchOut, if set, is the output element type of the batch form
	// when it is more than one word (ScoreNodes): the batch form writes
	// its outputs as words too, func(in, out []uint64), and runs until
	// out is full.
	BatchOut string
	// Entry, if set, is the function of this generator that assembly
	// calls for the variant (its entry table slot), instead of the
	// variant's own: a form for assembly callers that pass more.
	Entry string
}

type registration struct {
	fn string
	v  Variant
}

var registrations []registration

// Register declares fn, a function of this generator, a variant of a
// kernel.
func Register(fn string, v Variant) { registrations = append(registrations, registration{fn, v}) }

// support names the functions Go code calls that are neither variants nor
// reached from them (an entry table's accessor): not listed for the
// registry.
var support = map[string]bool{}

// entryTable emits, for the registered functions, a table of their entry
// points (assembly symbols: what other assembly calls, not the func
// values Go holds, which are ABI wrappers) and the function returning it,
// named after the generated file's kernel (count_last_flip_gen_amd64.s:
// countLastFlipEntries), and returns that name.
func entryTable(out string) string {
	if len(registrations) == 0 {
		return ""
	}
	name := camel(strings.TrimSuffix(filepath.Base(out), "_gen_amd64.s")) + "Entries"
	tab := build.GLOBL(name+"Tab", attr.RODATA|attr.NOPTR)
	for i, r := range registrations {
		fn := r.fn
		if r.v.Entry != "" {
			fn = r.v.Entry
		}
		build.DATA(8*i, SymbolAddr(fn))
	}
	support[name] = true
	build.TEXT(name, build.NOSPLIT, fmt.Sprintf("func() *[%d]uintptr", len(registrations)))
	build.Doc(name + " returns the entry points of the variants registered here, in order: what assembly calls (CallReg).")
	t := build.GP64()
	build.LEAQ(tab, t)
	build.Store(t, build.ReturnIndex(0))
	build.RET()
	return name
}

// camel is a kernel's file name as a Go identifier: count_last_flip is
// countLastFlip, score_1 is score1.
func camel(kernel string) string {
	parts := strings.Split(kernel, "_")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

// EntryTable emits a table of the entry points of functions of this
// generator that no registration here names (the forms for assembly
// callers of a variant registered in package variants by hand) and its
// accessor, name() *[len(fns)]uintptr.
func EntryTable(name string, fns ...string) {
	tab := build.GLOBL(name+"Tab", attr.RODATA|attr.NOPTR)
	for i, fn := range fns {
		build.DATA(8*i, SymbolAddr(fn))
	}
	support[name] = true
	build.TEXT(name, build.NOSPLIT, fmt.Sprintf("func() *[%d]uintptr", len(fns)))
	build.Doc(name + " returns the entry points of " + strings.Join(fns, ", ") + ", in order: what assembly calls (CallReg).")
	t := build.GP64()
	build.LEAQ(tab, t)
	build.Store(t, build.ReturnIndex(0))
	build.RET()
}

// SymbolAddr is the address of a function of the package, as a DATA
// value ($·name(SB)): an 8-byte constant whose text is the symbol's.
func SymbolAddr(name string) operand.Constant { return symbolAddr{name: name} }

type symbolAddr struct {
	operand.U64
	name string
}

func (s symbolAddr) Asm() string { return "$·" + s.name + "(SB)" }

// CallReg calls the function whose entry point is in r. avo knows CALL
// only to symbols, so it is a raw instruction; the callee may clobber
// every register, so the caller keeps nothing in registers across it.
func CallReg(r reg.Register) {
	build.Instruction(&ir.Instruction{Opcode: "CALL", Operands: []operand.Op{r}, Inputs: []operand.Op{r}})
}

// Generate writes the assembly and its Go stubs (avo's -out and -stubs),
// then appends to the stubs the CPU features of every function, as avo
// computed them: the registry of package variants reads them from there
// (registerISA), so a variant's requirements always follow its code.
func Generate() {
	if !flag.Parsed() {
		flag.Parse()
	}
	out, stubs := flag.Lookup("out").Value.String(), flag.Lookup("stubs").Value.String()
	if out == "" || stubs == "" {
		fatal(fmt.Errorf("asmgen: -out and -stubs are required"))
	}
	entries := entryTable(out)
	build.Generate()
	table, err := isaTable(out)
	if err != nil {
		fatal(err)
	}
	reg, err := registrationCode(table, entries)
	if err != nil {
		fatal(err)
	}
	table = append(table, reg...)
	f, err := os.OpenFile(stubs, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		fatal(err)
	}
	if _, err := f.Write(table); err != nil {
		fatal(err)
	}
	if err := f.Close(); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// isaTable reads the generated assembly and returns the Go declaration
// listing each TEXT function with its features.
func isaTable(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fns []string
	reqs := map[string][]string{}
	var req []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if r, ok := strings.CutPrefix(line, "// Requires: "); ok {
			req = nil
			for _, isa := range strings.Split(r, ",") {
				f, ok := feature[strings.TrimSpace(isa)]
				if !ok {
					return nil, fmt.Errorf("%s: unknown ISA %q in %q", path, isa, line)
				}
				if !slices.Contains(req, f) {
					req = append(req, f)
				}
			}
			continue
		}
		if t, ok := strings.CutPrefix(line, "TEXT ·"); ok {
			fn, _, _ := strings.Cut(t, "(")
			fns, reqs[fn] = append(fns, fn), req
			req = nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for fn, callers := range internal {
		for _, c := range callers {
			if _, ok := reqs[c]; !ok {
				return nil, fmt.Errorf("%s: %s is reached from %s, which is not generated here", path, fn, c)
			}
			for _, f := range reqs[fn] {
				if !slices.Contains(reqs[c], f) {
					reqs[c] = append(reqs[c], f)
				}
			}
		}
	}
	var b bytes.Buffer
	b.WriteString("\n// The CPU features of each function above, from avo's analysis of its\n// instructions (go generate writes them).\nvar _ = registerISA([]asmFunc{\n")
	for _, fn := range fns {
		if _, ok := internal[fn]; !ok && !support[fn] {
			r := slices.Clone(reqs[fn])
			slices.Sort(r)
			fmt.Fprintf(&b, "\t{%s, []Feature{%s}},\n", fn, strings.Join(r, ", "))
		}
	}
	b.WriteString("})\n")
	return b.Bytes(), nil
}

// registrationCode is the init function that registers the declared
// variants; every function it names must be one this generator wrote (in
// table).
func registrationCode(table []byte, entries string) ([]byte, error) {
	if len(registrations) == 0 {
		return nil, nil
	}
	var b bytes.Buffer
	b.WriteString("\n// The variants of the functions above (their features are added from\n// the list above), with their entry points for calls from assembly.\nfunc init() {\n")
	fmt.Fprintf(&b, "\te := %s()\n", entries)
	for i, r := range registrations {
		for _, fn := range []string{r.fn, r.fn + "Batch", r.v.Entry} {
			if fn == "" || fn == r.fn+"Batch" && r.v.BatchOf == "" {
				continue
			}
			if !bytes.Contains(table, []byte("\t{"+fn+", ")) {
				return nil, fmt.Errorf("asmgen: %s/%s: no generated function %s", r.v.Kernel, r.v.Name, fn)
			}
		}
		v := r.v
		info := fmt.Sprintf("Name: %q, Rank: %d, entry: e[%d]", v.Name, v.Rank, i)
		for _, f := range []struct {
			on   bool
			name string
		}{{v.PEXT, "UsesPEXT"}, {v.ZMM, "ZMM"}} {
			if f.on {
				info += ", " + f.name + ": true"
			}
		}
		if v.Entry != "" {
			info += ", Uses: []any{" + v.Entry + "}"
		}
		fmt.Fprintf(&b, "\t%s.Register(Info{%s,\n\t\tNote: %q}, %s)\n", v.Kernel, info, v.Note, r.fn)
		if v.Cut != "" {
			fmt.Fprintf(&b, "\t%s.SetCut(%q, %s)\n", v.Kernel, v.Name, v.Cut)
		}
		switch {
		case v.BatchOut != "":
			fmt.Fprintf(&b, "\tregisterWordsBatchIO[%s, %s](%s, %q, %sBatch)\n", v.BatchOf, v.BatchOut, v.Kernel, v.Name, r.fn)
		case v.BatchOf != "":
			fmt.Fprintf(&b, "\tregisterWordsBatch[%s](%s, %q, %sBatch)\n", v.BatchOf, v.Kernel, v.Name, r.fn)
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}
