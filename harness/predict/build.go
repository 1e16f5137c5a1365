package predict

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// Build is what a flipbench build registers, as that build reports it:
// every variant of every kernel, the CPU features it requires and its
// functions, each named by its symbol and the address the build runs it
// at. The running executable describes itself (OwnBuild). Another build
// is asked (LoadBuild): the registry is filled at start-up by code of the
// build's own architecture and build tags (an arm64 build registers
// variants an amd64 one has no trace of), so only the build can say what
// it holds.
type Build struct {
	Arch   string `json:"arch"`   // GOARCH
	Commit string `json:"commit"` // the project revision (bench.Commit)
	Go     string `json:"go"`     // its toolchain
	// Self is a function of this package, by which the addresses are
	// mapped to the executable's (where it was loaded: Binary.slide).
	Self     FuncRef      `json:"self"`
	Variants []Registered `json:"variants"`
}

// FuncRef names a function by its symbol and its code address in the
// process that reported it.
type FuncRef struct {
	Name string `json:"name"`
	PC   uint64 `json:"pc"`
}

// Registered is one variant as a build registers it (variants.Code).
type Registered struct {
	Kernel   string             `json:"kernel"`
	Name     string             `json:"name"`
	Kind     string             `json:"kind"` // variants.Info.Kind
	Requires []variants.Feature `json:"requires"`
	// ArgWords is how many integer registers the arguments of the
	// per-call function take in Go's internal ABI; ArgProblem says why
	// they are not words in integer registers ("" if they are).
	ArgWords   int    `json:"arg_words"`
	ArgProblem string `json:"arg_problem,omitempty"`
	// Fn is what runs per call, Batch the batch form (nil without one),
	// BatchAsm the generated loop Batch is a Go closure around (nil
	// otherwise): variants.Code's.
	Fn       *FuncRef `json:"fn,omitempty"`
	Batch    *FuncRef `json:"batch,omitempty"`
	BatchAsm *FuncRef `json:"batch_asm,omitempty"`
}

// RunsOn reports whether cpu has every feature the variant requires.
func (r *Registered) RunsOn(cpu variants.CPUInfo) bool { return len(cpu.Missing(r.Requires)) == 0 }

// Kernels lists the kernels of the build's variants, in its order.
func (b *Build) Kernels() []string {
	var out []string
	for _, v := range b.Variants {
		if len(out) == 0 || out[len(out)-1] != v.Kernel {
			out = append(out, v.Kernel)
		}
	}
	return out
}

// OwnBuild describes the running executable: the variants of kernels
// (the Composed ones, which have no function, left out), the project
// revision commit.
func OwnBuild(kernels []variants.KernelInfo, commit string) *Build {
	b := &Build{Arch: runtime.GOARCH, Commit: commit, Go: runtime.Version(), Self: *funcRef(OwnBuild)}
	for _, k := range kernels {
		for _, c := range k.Code() {
			r := Registered{Kernel: k.Name(), Name: c.Name, Kind: c.Kind(), Requires: c.Requires,
				Fn: funcRef(c.Fn), Batch: funcRef(c.Batch), BatchAsm: funcRef(c.BatchAsm)}
			if r.Requires == nil {
				r.Requires = []variants.Feature{}
			}
			if c.Fn != nil {
				n, err := argWords(c.Fn)
				r.ArgWords = n
				if err != nil {
					r.ArgProblem = err.Error()
				}
			}
			b.Variants = append(b.Variants, r)
		}
	}
	return b
}

// funcRef names the function a func value runs, nil for nil.
func funcRef(fn any) *FuncRef {
	v := reflect.ValueOf(fn)
	if fn == nil || v.Kind() != reflect.Func || v.IsNil() {
		return nil
	}
	pc := v.Pointer()
	r := &FuncRef{PC: uint64(pc)}
	if f := runtime.FuncForPC(pc); f != nil {
		r.Name = f.Name()
	}
	return r
}

// Emulators run another architecture's executable (qemu-user), by
// GOARCH: an arm64 build's registry is read on an x86-64 machine so.
var Emulators = map[string]string{"arm64": "qemu-aarch64", "amd64": "qemu-x86_64"}

// EmulatorHint says how to get the emulators on Debian and Ubuntu.
const EmulatorHint = "apt-get install -y qemu-user"

// LoadBuild asks the executable of b, a flipbench build, to describe
// itself: it runs it with args (flipbench predict -manifest), which
// print its Build as JSON. An executable of another architecture than
// this process's runs under its emulator (Emulators) if the PATH has it,
// else directly (the kernel may know an emulator: binfmt_misc). The
// variables that choose variants are left out of its environment: its
// registry is all that is read.
func LoadBuild(ctx context.Context, b *Binary, args ...string) (*Build, error) {
	exe, err := filepath.Abs(b.Path)
	if err != nil {
		return nil, err
	}
	argv := append([]string{exe}, args...)
	emu := ""
	if b.Arch != runtime.GOARCH {
		if p, err := exec.LookPath(Emulators[b.Arch]); err == nil {
			emu = p
			argv = append([]string{p}, argv...)
		}
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FLIPBENCH_VARIANTS=") && !strings.HasPrefix(kv, "FLIPBENCH_DISABLE=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		hint := ""
		if b.Arch != runtime.GOARCH && emu == "" {
			hint = fmt.Sprintf(" (a %s executable on %s: it runs under %s, which is not on the PATH: %s)", b.Arch, runtime.GOARCH, Emulators[b.Arch], EmulatorHint)
		}
		return nil, fmt.Errorf("%s: %v: %s%s", strings.Join(argv, " "), err, firstLine(stderr.String()), hint)
	}
	var bd Build
	if err := json.Unmarshal(out, &bd); err != nil {
		return nil, fmt.Errorf("%s: its variants (JSON): %v", strings.Join(argv, " "), err)
	}
	if bd.Arch != b.Arch {
		return nil, fmt.Errorf("%s says it is an %s build, its ELF header %s", b.Path, bd.Arch, b.Arch)
	}
	if _, err := b.slide(&bd); err != nil {
		return nil, err
	}
	return &bd, nil
}

// slide is how far the build that reported bd was loaded from the
// executable's link addresses (0 unless it is position-independent),
// from its Self.
func (b *Binary) slide(bd *Build) (uint64, error) {
	fs := b.Funcs(bd.Self.Name) // not generic: the runtime names it in full
	if len(fs) != 1 {
		return 0, fmt.Errorf("%s has %d functions named %s, the build's own (%#x): is it the build that described itself?", b.Path, len(fs), bd.Self.Name, bd.Self.PC)
	}
	return bd.Self.PC - fs[0].Addr, nil
}

// lookup returns the function a build named, at its address less the
// build's slide: the function must start there and have that name.
func (b *Binary) lookup(r FuncRef, slide uint64) (Func, error) {
	f, ok := b.FuncAt(r.PC - slide)
	if !ok || f.Addr != r.PC-slide || elideTypeArgs(f.Name) != elideTypeArgs(r.Name) {
		return Func{}, fmt.Errorf("%s has no function %s at %#x: is it the build that described itself?", b.Path, r.Name, r.PC-slide)
	}
	return f, nil
}

// elideTypeArgs writes a generic function's type arguments as the
// runtime names them ("[...]"), the function table in full.
func elideTypeArgs(name string) string {
	var out strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			if depth == 0 {
				out.WriteString("[...]")
			}
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			out.WriteRune(r)
		}
	}
	return out.String()
}
