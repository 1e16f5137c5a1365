package variants

import (
	"strings"
	"testing"
)

func TestEveryKernelHasReferenceFirst(t *testing.T) {
	for _, k := range Kernels() {
		in := k.Infos()
		if len(in) == 0 || in[0].Name != "reference" || len(in[0].Requires) != 0 {
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
	defer ResetSelection()
	err := SelectSpec("flip=no-such")
	if err == nil || !strings.Contains(err.Error(), `unknown flip variant "no-such"`) || !strings.Contains(err.Error(), "reference") {
		t.Errorf("unknown variant: %v", err)
	}
	if err := SelectSpec("nokernel=x"); err == nil || !strings.Contains(err.Error(), "unknown kernel") {
		t.Errorf("unknown kernel: %v", err)
	}
	if err := SelectSpec("flip"); err == nil || !strings.Contains(err.Error(), "kernel=variant") {
		t.Errorf("malformed: %v", err)
	}
	// nothing changes when one item of a spec is bad
	before := Selection()
	if err := SelectSpec("moves=reference,flip=no-such"); err == nil {
		t.Error("bad spec accepted")
	}
	if Selection() != before {
		t.Error("a failed spec changed the selection")
	}
	if err := SelectSpec("moves=reference, flip=reference"); err != nil {
		t.Fatal(err)
	}
	if Moves.SelectedName() != "reference" || Flip.SelectedName() != "reference" {
		t.Errorf("selection %s", Selection())
	}
}

// A variant needing a feature this CPU lacks is never handed out: asking
// for it is an error naming the missing feature and what is runnable.
func TestMissingFeatureIsAnError(t *testing.T) {
	saved := CPU
	defer func() { CPU = saved; ResetSelection() }()
	CPU.Has = map[Feature]bool{}
	for f := range saved.Has {
		CPU.Has[f] = true
	}
	if err := CPU.Disable("avx512,bmi2"); err != nil {
		t.Fatal(err)
	}
	Flip.Register(Info{Name: "needs-avx512-test", Requires: []Feature{AVX512F, AVX512CD}, Rank: 1000}, func(P, O uint64, x int) uint64 {
		panic("a variant the CPU lacks features for was called")
	})
	defer Flip.Unregister("needs-avx512-test")
	_, err := Flip.Get("needs-avx512-test")
	if err == nil || !strings.Contains(err.Error(), "avx512cd,avx512f") || !strings.Contains(err.Error(), "runnable here") {
		t.Errorf("got %v", err)
	}
	if Flip.SelectedName() == "needs-avx512-test" {
		t.Error("default picked a variant this CPU cannot run")
	}
	for _, v := range Flip.Runnable() {
		if v.Name == "needs-avx512-test" {
			t.Error("listed as runnable")
		}
	}
}

func TestDisableNames(t *testing.T) {
	c := CPUInfo{Has: map[Feature]bool{AVX2: true, AVX512F: true, AVX512VL: true, BMI2: true, SSE2: true}}
	if err := c.Disable("avx512, bmi2"); err != nil {
		t.Fatal(err)
	}
	if c.Has[AVX512F] || c.Has[AVX512VL] || c.Has[BMI2] || !c.Has[AVX2] || !c.Has[SSE2] {
		t.Errorf("after disable: %v", c.Has)
	}
	if err := c.Disable("avx9"); err == nil || !strings.Contains(err.Error(), `unknown CPU feature "avx9"`) {
		t.Errorf("unknown feature: %v", err)
	}
}

// The selection rules: never a PEXT variant where PEXT is slow, never a
// ZMM variant where 512-bit code downclocks.
func TestDefaultRules(t *testing.T) {
	saved := CPU
	defer func() { CPU = saved; ResetSelection() }()
	k := newTestKernel()
	k.Register(Info{Name: "pext", Rank: 30, UsesPEXT: true}, 1)
	k.Register(Info{Name: "zmm", Rank: 20, ZMM: true}, 2)
	k.Register(Info{Name: "plain", Rank: 10}, 3)
	CPU.SlowPEXT, CPU.ZMMDownclock = false, false
	if k.defaultVariant().Name != "pext" {
		t.Error("fast-PEXT CPU did not pick the top rank")
	}
	CPU.SlowPEXT = true
	if k.defaultVariant().Name != "zmm" {
		t.Error("slow-PEXT CPU picked a PEXT variant")
	}
	CPU.ZMMDownclock = true
	if k.defaultVariant().Name != "plain" {
		t.Error("downclocking CPU picked a ZMM variant")
	}
}

func newTestKernel() *Kernel[int] {
	k := &Kernel[int]{name: "test"}
	k.Register(RefInfo, 0)
	return k
}
