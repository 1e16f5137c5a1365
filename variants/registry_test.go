package variants

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// Every kernel's variant 0 runs anywhere: the reference, or for a
// composed kernel its plainest variant.
func TestEveryKernelHasReferenceFirst(t *testing.T) {
	for _, k := range Kernels() {
		in := k.Infos()
		if len(in) == 0 || in[0].Name != RefName && !k.Composed() || len(in[0].Requires) != 0 || k.needs(0, References(Host())) != nil {
			t.Errorf("%s: first variant %+v, want the reference", k.Name(), in[0])
		}
		seen := map[string]bool{}
		for _, v := range in {
			if seen[v.Name] {
				t.Errorf("%s: duplicate variant %s", k.Name(), v.Name)
			}
			seen[v.Name] = true
		}
	}
}

func TestSelectErrors(t *testing.T) {
	base := Default(Host(), nil)
	_, err := base.With("flip=no-such")
	if err == nil || !strings.Contains(err.Error(), `unknown flip variant "no-such"`) || !strings.Contains(err.Error(), "reference") {
		t.Errorf("unknown variant: %v", err)
	}
	if _, err := base.With("nokernel=x"); err == nil || !strings.Contains(err.Error(), "unknown kernel") {
		t.Errorf("unknown kernel: %v", err)
	}
	if _, err := base.With("flip"); err == nil || !strings.Contains(err.Error(), "kernel=variant") {
		t.Errorf("malformed: %v", err)
	}
	// nothing changes when one item of a spec is bad
	before := base.String()
	if _, err := base.With("moves=reference,flip=no-such"); err == nil {
		t.Error("bad spec accepted")
	}
	if base.String() != before {
		t.Error("a failed spec changed the selection")
	}
	s, err := base.With("moves=reference, flip=reference")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name(Moves) != RefName || s.Name(Flip) != RefName || !s.picks[Flip.Index()].named || s.picks[Score1.Index()].named {
		t.Errorf("selection %s", s)
	}
	if base.String() != before {
		t.Error("With changed the selection it was called on")
	}
}

// A variant needing a feature the CPU lacks is never handed out: asking
// for it is an error naming the missing feature and what is runnable.
func TestMissingFeatureIsAnError(t *testing.T) {
	cpu, err := Host().Without("avx512,bmi2")
	if err != nil {
		t.Fatal(err)
	}
	k := Flip.With(Info{Name: "needs-avx512-test", Requires: []Feature{AVX512F, AVX512CD}, Rank: 1000}, func(P, O uint64, x int) uint64 {
		panic("a variant the CPU lacks features for was called")
	})
	_, err = k.Get("needs-avx512-test", cpu)
	if err == nil || !strings.Contains(err.Error(), "avx512cd,avx512f") || !strings.Contains(err.Error(), "runnable here") ||
		!strings.Contains(err.Error(), "disabled: avx512,bmi2") {
		t.Errorf("got %v", err)
	}
	if k.variants[k.defaultIndex(Selection{cpu: cpu})].Name == "needs-avx512-test" {
		t.Error("default picked a variant this CPU cannot run")
	}
	for _, v := range k.Runnable(cpu) {
		if v.Name == "needs-avx512-test" {
			t.Error("listed as runnable")
		}
	}
	if Flip.find("needs-avx512-test") >= 0 {
		t.Error("With changed the registry")
	}
}

func TestWithoutNames(t *testing.T) {
	c := CPUInfo{Has: map[Feature]bool{AVX2: true, AVX512F: true, AVX512VL: true, BMI2: true, SSE2: true}}
	d, err := c.Without("avx512, bmi2")
	if err != nil {
		t.Fatal(err)
	}
	if d.Has[AVX512F] || d.Has[AVX512VL] || d.Has[BMI2] || !d.Has[AVX2] || !d.Has[SSE2] {
		t.Errorf("after Without: %v", d.Has)
	}
	if !c.Has[AVX512F] {
		t.Error("Without changed the CPU it was called on")
	}
	if _, err := c.Without("avx9"); err == nil || !strings.Contains(err.Error(), `unknown CPU feature "avx9"`) {
		t.Errorf("unknown feature: %v", err)
	}
}

// The selection rules (Eligible): never a PEXT variant where PEXT is
// slow, never a ZMM variant where 512-bit code downclocks, never a bound
// result, never one the CPU cannot run, whether by rank or by a profile;
// a profile's eligible choice first.
func TestDefaultRules(t *testing.T) {
	k := &Kernel[int, NoBatch]{name: "test"}
	k.Register(Info{Name: RefName}, 0)
	k.Register(Info{Name: "bound", Rank: 40}, 4)
	k.SetCut("bound", LazyHighCut)
	k.Register(Info{Name: "pext", Rank: 30, UsesPEXT: true}, 1)
	k.Register(Info{Name: "zmm", Rank: 20, ZMM: true}, 2)
	k.Register(Info{Name: "plain", Rank: 10}, 3)
	cpu := CPUInfo{}
	name := func(profile map[string]string) string {
		return k.variants[k.defaultIndex(Selection{cpu: cpu, profile: profile})].Name
	}
	if name(nil) != "pext" {
		t.Error("fast-PEXT CPU did not pick the top rank")
	}
	if name(map[string]string{"test": "zmm"}) != "zmm" {
		t.Error("the profile's choice was not applied")
	}
	cpu.SlowPEXT = true
	if name(nil) != "zmm" {
		t.Error("slow-PEXT CPU picked a PEXT variant")
	}
	if name(map[string]string{"test": "pext"}) != "zmm" {
		t.Error("a profile's PEXT choice was applied where PEXT is microcoded")
	}
	if name(map[string]string{"test": "bound"}) != "zmm" {
		t.Error("a profile's bound-result choice was applied")
	}
	// the profile's choice, below the rank's, needs a feature: applied
	// where the CPU has it, else the rank's
	k.Variant("plain").Requires = []Feature{AVX512F}
	cpu.Has = map[Feature]bool{AVX512F: true}
	if name(map[string]string{"test": "plain"}) != "plain" {
		t.Error("the profile's runnable choice was not applied")
	}
	cpu.Has = map[Feature]bool{}
	if name(map[string]string{"test": "plain"}) != "zmm" {
		t.Error("a profile's choice the CPU cannot run was applied")
	}
	cpu.Has = map[Feature]bool{AVX512F: true}
	cpu.ZMMDownclock = true
	if name(nil) != "plain" || name(map[string]string{"test": "zmm"}) != "plain" {
		t.Error("downclocking CPU picked a ZMM variant")
	}
	if cpu.Has = map[Feature]bool{}; name(nil) != RefName {
		t.Error("no variant eligible, yet not the reference")
	}
}

// A variant with Needs is chosen by the rules only where it runs with the
// rest of the selection, and follows the other choices when they change;
// named, it is an error where it cannot run. An alias selects the variant
// of highest rank the CPU runs. A composed variant has no function.
func TestNeedsAliasComposed(t *testing.T) {
	cpu := Host()
	sel := Default(cpu, nil)
	want := BottomGo
	if _, err := NewAsmBottom(sel); err == nil {
		want = BottomAsm
	}
	if sel.Name(Bottom) != want || !slices.Contains(sel.Choices(Bottom), BottomGo) {
		t.Errorf("bottom %s of %v, want %s", sel.Name(Bottom), sel.Choices(Bottom), want)
	}
	ref, err := sel.With("flip=" + RefName)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Name(Bottom) != BottomGo {
		t.Errorf("a Go flip leaves bottom %s, want go", ref.Name(Bottom))
	}
	if slices.Contains(ref.Choices(Bottom), BottomAsm) {
		t.Error("the assembly bottom offered with a Go flip")
	}
	if sel.Name(Bottom) == BottomAsm {
		if _, err := sel.With("bottom=asm,flip=reference"); err == nil || !strings.Contains(err.Error(), "bottom=asm: ") {
			t.Errorf("the assembly bottom named with a Go flip: %v", err)
		}
	}
	k := &Kernel[int, NoBatch]{name: "alias"}
	k.Register(Info{Name: RefName}, 0)
	k.RegisterComposed(Info{Name: "a-low", Rank: 1}, Composition{Alias: "a"})
	k.RegisterComposed(Info{Name: "a-high", Rank: 2, Requires: []Feature{AVX512F}}, Composition{Alias: "a"})
	for _, c := range []struct {
		has  bool
		want string
	}{{true, "a-high"}, {false, "a-low"}} {
		if v, err := k.Get("a", CPUInfo{Has: map[Feature]bool{AVX512F: c.has}}); err != nil || v.Name != c.want {
			t.Errorf("alias a with avx512f %v: %v, %v; want %s", c.has, v, err, c.want)
		}
	}
	for _, v := range Solve4.Runnable(cpu) {
		if v.Composed() {
			t.Errorf("solve_4 %s: a composed variant listed as runnable (it has no function)", v.Name)
		}
	}
}

// Selections are values: variant sets can be resolved and used side by
// side (go test -race checks that nothing is shared).
func TestSelectionsInParallel(t *testing.T) {
	var wg sync.WaitGroup
	for _, spec := range []string{"flip=reference", "flip=fill,moves=kogge-stone", "", "score_1=carry"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Default(Host(), nil).With(spec)
			if err != nil {
				t.Error(err)
				return
			}
			fn := Flip.Fn(s)
			if got := fn(0x0000_0008_1000_0000, 0x0000_0010_0800_0000, 19); got != 0x0000_0000_0800_0000 {
				t.Errorf("%s: flip = %#x", spec, got)
			}
		}()
	}
	wg.Wait()
}
