package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/cases"
	"github.com/flipbench/flipbench/variants"
)

// runCLI runs flipbench with args and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	saved := stdout
	stdout = &buf
	defer func() { stdout = saved }()
	code := run(args)
	return code, buf.String()
}

func TestHelpListsCommands(t *testing.T) {
	code, out := runCLI(t, "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, c := range []string{"cpu", "check", "perft", "show"} {
		if !strings.Contains(out, "  "+c+" ") {
			t.Errorf("help does not list %s:\n%s", c, out)
		}
	}
}

func TestPerft(t *testing.T) {
	code, out := runCLI(t, "perft", "9")
	if code != 0 || !strings.Contains(out, "perft 9: 3005288\n") || !strings.Contains(out, "moves=") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCheckLastLine(t *testing.T) {
	code, out := runCLI(t, "check", "-kernel", "flip", "-n", "1000")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || !strings.HasSuffix(lines[len(lines)-1], " passed, 0 failed") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// cpu describes this CPU in its architecture's terms and lists every
// registered variant with its requirements, whether it runs here, and the
// selected one of each kernel: on this CPU, and on this CPU without its
// features (FLIPBENCH_DISABLE), where the variants that need them do not
// run and others are selected.
func TestCPUListsVariants(t *testing.T) {
	t.Run("host", func(t *testing.T) { checkCPUListing(t) })
	t.Run("no-features", func(t *testing.T) {
		var all []string
		for _, f := range variants.Features(variants.Host().Arch) {
			all = append(all, string(f))
		}
		if len(all) == 0 || !anyRequires() {
			t.Skip("no features to disable, or no variant of this build needs one (purego)")
		}
		t.Setenv("FLIPBENCH_DISABLE", strings.Join(all, ","))
		if no := checkCPUListing(t); no == 0 {
			t.Error("every variant listed as runnable without the features")
		}
	})
}

// anyRequires reports whether a registered variant needs a CPU feature.
func anyRequires() bool {
	for _, k := range variants.Kernels() {
		for _, i := range k.Infos() {
			if len(i.Requires) > 0 {
				return true
			}
		}
	}
	return false
}

// checkCPUListing checks flipbench cpu's listing against the registry and
// the selection, and returns how many variants it lists as not runnable.
func checkCPUListing(t *testing.T) (notRunnable int) {
	code, out := runCLI(t, "cpu")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	host := variants.Host()
	archLine, otherLine := "x86-64:", "arm64:"
	if host.Arch == "arm64" {
		archLine, otherLine = otherLine, archLine
	}
	if !strings.Contains(out, "\n"+archLine) || strings.Contains(out, "\n"+otherLine) || !strings.Contains(out, "identity:  "+host.ID()+" ") {
		t.Errorf("cpu does not describe this %s CPU (%s) as one:\n%s", host.Arch, host.ID(), out)
	}
	for _, f := range variants.Features(host.Arch) {
		if !strings.Contains(out, " "+string(f)) {
			t.Errorf("feature %s of this architecture missing from features/lacks", f)
		}
	}
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if fields := strings.Fields(line); len(fields) >= 4 && (fields[3] == "yes" || fields[3] == "no") {
			rows[fields[0]+"/"+fields[1]] = line
		}
	}
	sel, err := selection("")
	if err != nil {
		t.Fatal(err)
	}
	host = sel.CPU()
	listed := 0
	for _, k := range variants.Kernels() {
		listed += len(k.Infos())
		for _, v := range k.Infos() {
			line, ok := rows[k.Name()+"/"+v.Name]
			if !ok {
				t.Errorf("%s/%s not listed", k.Name(), v.Name)
				continue
			}
			fields := strings.Fields(line)
			if fields[3] == "no" {
				notRunnable++
			}
			if want := map[bool]string{true: "yes", false: "no"}[v.RunsOn(host)]; fields[2] != v.RequiresString() || fields[3] != want {
				t.Errorf("%s/%s listed as %q, want requires %s, runnable %s", k.Name(), v.Name, line, v.RequiresString(), want)
			}
			if selected := len(fields) > 4 && fields[4] == "*"; selected != (v.Name == sel.Name(k)) {
				t.Errorf("%s/%s: selected mark %v, the selection has %s", k.Name(), v.Name, selected, sel.Name(k))
			}
		}
	}
	if len(rows) != listed {
		t.Errorf("%d variants listed, %d registered", len(rows), listed)
	}
	return notRunnable
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"perft"}, {"perft", "x"}, {"check", "-kernel", "nope"}, {"check", "-variant", "nope"},
		{"cpu", "-variants", "flip=nope"}, {"show", strings.Repeat("-", 63) + " X"},
		{"show", strings.Repeat("-", 64) + " Q"}, {"show", "0x1", "0x1"}, {"nosuchcommand"},
	} {
		if code, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestShow(t *testing.T) {
	code, out := runCLI(t, "show", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	if code != 0 || !strings.Contains(out, "g8 flips  2") || !strings.Contains(out, "hash_code") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flip.cases")
	code, out := runCLI(t, "cases", "-kernel", "moves", "-n", "500", "-o", path)
	if code != 0 || !strings.Contains(out, "500 moves cases (check set, seed 1) written to ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	f, err := cases.ReadFile(path)
	if err != nil || f.Kernel != "moves" || f.Set != cases.SetCheck || len(f.Records) != 500 {
		t.Fatalf("read back: %v", err)
	}
	if code, _ := runCLI(t, "cases", "-kernel", "moves", "-set", "bench", "-o", path); code != 0 {
		t.Fatalf("bench set: exit %d", code)
	}
	if f, err := cases.ReadFile(path); err != nil || f.Kernel != "moves" || len(f.Records) != 4096 {
		t.Fatalf("read back: %v", err)
	}
	for _, args := range [][]string{
		{"cases", "-kernel", "nosuch", "-o", path}, {"cases", "-kernel", "solve_2", "-o", path},
		{"cases", "-o", path}, {"cases", "-kernel", "flip"}, {"cases", "-kernel", "flip", "-set", "all", "-o", path},
		{"cases", "-kernel", "flip", "-n", "0", "-o", path}, {"cases", "-kernel", "flip", "-o", path, "extra"},
	} {
		if code, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _ := runCLI(t, "cases", "-kernel", "flip", "-n", "10", "-o", filepath.Join(path, "sub", "x.cases")); code != 1 {
		t.Errorf("unwritable -o: exit %d, want 1", code)
	}
}

// pick's margin is a percentage a winner must beat the default by: none,
// a negative one, one that no variant could beat, or NaN is an error
// (exit 2) that names it, and no profile is written.
func TestPickMarginRange(t *testing.T) {
	out := filepath.Join(t.TempDir(), "profile.json")
	for _, m := range []string{"0", "-5", "100", "500", "NaN"} {
		code, _, stderr := runCLIErr(t, "pick", "-margin", m, "-o", out)
		if code != 2 || !strings.Contains(stderr, "-margin "+m) {
			t.Errorf("pick -margin %s: exit %d, stderr %q; want exit 2 naming it", m, code, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a bad -margin wrote %s", out)
	}
}

// Every flag a command's synopsis (its usage's first line) names is one
// of its flags (pick's once named -alpha, which it did not have).
func TestUsageNamesRealFlags(t *testing.T) {
	flagRE := regexp.MustCompile(`(?:^|[\s\[|(])-([a-z][a-z0-9-]*)`)
	for name, c := range commands {
		fs := newFlags(c)
		c.setup(fs)
		synopsis, _, _ := strings.Cut(c.usage, "\n")
		for _, m := range flagRE.FindAllStringSubmatch(synopsis, -1) {
			if fs.Lookup(m[1]) == nil {
				t.Errorf("flipbench %s: usage names -%s, which is not one of its flags", name, m[1])
			}
		}
	}
}
