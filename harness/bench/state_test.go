package bench

import (
	"slices"
	"strings"
	"testing"
)

// The state's lines name every key, and the warnings fire on what spoils
// figures and only on it.
func TestMachineStateLinesAndWarnings(t *testing.T) {
	quiet := MachineState{Governor: "performance", SMT: "off", THP: "madvise", Load: [3]float64{0.2, 0.3, 0.3}, HasLoad: true, Kernel: "linux 6.1"}
	var keys []string
	for _, kv := range quiet.Config() {
		keys = append(keys, kv[0])
		if kv[1] == "" {
			t.Errorf("%s: empty value", kv[0])
		}
	}
	if !slices.Equal(keys, StateKeys) {
		t.Errorf("keys %v, want %v", keys, StateKeys)
	}
	if w := quiet.Warnings(2); len(w) != 0 {
		t.Errorf("a quiet machine warns: %q", w)
	}
	busy := quiet
	busy.Load[0] = 2.5
	busy.Governor = "powersave"
	busy.Others = []string{"pid 42: flipbench bench"}
	w := strings.Join(busy.Warnings(2), "\n")
	for _, want := range []string{"another flipbench process is running (pid 42: flipbench bench)", "load average is 2.50 on 2 logical CPUs", `governor is "powersave"`} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
	if l, ok := parseLoad("0.52 0.58 0.59 1/123 4567\n"); !ok || l != [3]float64{0.52, 0.58, 0.59} {
		t.Errorf("parseLoad: %v %v", l, ok)
	}
	if _, ok := parseLoad("garbage"); ok {
		t.Error("parseLoad accepted garbage")
	}
	if v := bracketed("always [madvise] never"); v != "madvise" {
		t.Errorf("bracketed: %q", v)
	}
}

// A process's command line, as the warning names it: the name and the
// arguments, whatever emulator runs it.
func TestProcCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"/tmp/b/flipbench", "bench", "-kernel", "flip"}, "flipbench bench -kernel flip"},
		{[]string{"/usr/libexec/qemu-binfmt/aarch64-binfmt-P", "/tmp/b/flipbench.test", "/tmp/b/flipbench.test", "bench", "-serve"}, "flipbench.test bench -serve"},
		{[]string{"other", "x"}, "other x"},
	} {
		name := "flipbench"
		if strings.Contains(c.want, ".test") {
			name = "flipbench.test"
		}
		if got := procCommand(name, c.args); got != c.want {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
	}
}
