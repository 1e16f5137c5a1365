package variants

import (
	"strings"
	"testing"
)

// Under KVM every EPYC says "AMD EPYC": Zen 2 and Zen 4 share a brand and
// a slug, never an identity; the Zen 2 is the slow-PEXT one.
func TestIdentityOneBrandTwoCPUs(t *testing.T) {
	feats := []Feature{SSE2, SSE42, POPCNT, AVX, AVX2, BMI1, BMI2, LZCNT}
	zen2 := NewCPUInfo("AMD EPYC", "AMD", 0x17, 0x31, 0, 3, feats)
	zen4 := NewCPUInfo("AMD EPYC", "AMD", 0x19, 0x11, 1, 4, append(feats, AVX512F, AVX512VL))
	if zen2.Slug() != zen4.Slug() {
		t.Fatalf("slugs %q %q: the test's premise is one brand", zen2.Slug(), zen4.Slug())
	}
	if zen2.ID() == zen4.ID() {
		t.Fatalf("Zen 2 and Zen 4 share the identity %q", zen2.ID())
	}
	for c, want := range map[*CPUInfo]string{&zen2: "amd-zen2-f17-m31-s0", &zen4: "amd-zen4-f19-m11-s1"} {
		if c.ID() != want {
			t.Errorf("%s: ID %q, want %q", c.Uarch, c.ID(), want)
		}
	}
	if !zen2.SlowPEXT || zen4.SlowPEXT {
		t.Errorf("SlowPEXT: Zen 2 %v, Zen 4 %v", zen2.SlowPEXT, zen4.SlowPEXT)
	}
	// another stepping of the same model is other silicon
	if s2 := NewCPUInfo("AMD EPYC", "AMD", 0x19, 0x11, 2, 4, feats); s2.ID() == zen4.ID() {
		t.Error("two steppings share an identity")
	}
}

func TestIdentityForms(t *testing.T) {
	for _, c := range []struct {
		vendor         string
		fam, mod, step int
		brand, want    string
	}{
		{"AMD", 0x1a, 0x2, 1, "Oxide Virtual Turin-like Processor", "amd-zen5-f1a-m02-s1"},
		{"Intel", 6, 0x3c, 3, "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz", "intel-haswell-f06-m3c-s3"},
		{"Intel", 6, 0x55, 7, "Intel(R) Xeon(R) Gold 6248", "intel-skylake-sp-cascade-lake-f06-m55-s7"},
		{"AMD", 0x17, 0x08, 2, "AMD Ryzen 7 2700X", "amd-zen-zenplus-f17-m08-s2"},
		{"Intel", 6, 0x99, 1, "Intel Future", "intel-f06-m99-s1"}, // microarchitecture unknown to flipbench
		{"VendorUnknown", 0, 0, 0, "Neoverse-N1", "unknown-neoverse-n1"},
		{"", 0, 0, 0, "", "unknown-unknown"},
	} {
		got := Identity(c.vendor, c.fam, c.mod, c.step, c.brand)
		if got != c.want {
			t.Errorf("Identity(%s, %#x, %#x, %d, %q) = %q, want %q", c.vendor, c.fam, c.mod, c.step, c.brand, got, c.want)
		}
		if strings.ContainsAny(got, " /+_.") {
			t.Errorf("%q is not a folder name", got)
		}
	}
	if h := Host(); h.Arch == "arm64" && h.ID() != ARMIdentity(h.Vendor, h.Family, h.Model, h.Stepping, h.Brand) ||
		h.Arch != "arm64" && h.ID() != Identity(h.Vendor, h.Family, h.Model, h.Stepping, h.Brand) {
		t.Errorf("Host().ID() %q differs from Identity of its parts", h.ID())
	}
}

// A variant's kind follows its code: assembly when it runs generated
// assembly, gosimd when named gosimd-*, plain Go otherwise.
func TestVariantKinds(t *testing.T) {
	kinds := map[string]string{}
	for _, k := range Kernels() {
		for _, in := range k.Infos() {
			kinds[k.Name()+"/"+in.Name] = in.Kind()
		}
	}
	for v, want := range map[string]string{
		"flip/reference": KindGo, "flip/bitscan": KindGo, "eval_update/go-swar": KindGo,
		"flip/avx2-ppfill": KindAsm, "eval_update/avx2": KindAsm, // a Go wrapper around assembly
		"hash_clear/rep-stosb": KindAsm,
	} {
		if kinds[v] != want && !(kinds[v] == "" && strings.HasPrefix(want, "asm")) {
			t.Errorf("%s: kind %q, want %q", v, kinds[v], want)
		}
	}
	if (Info{Name: "gosimd-avx2", Asm: false}).Kind() != KindGoSIMD {
		t.Error("gosimd-* is not gosimd")
	}
}
