package solver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The gosimd bottoms exist so that their kernels inline into the search:
// every call of a variants/gosimd "B" form in bottom_gosimd_*.go is
// inlined, as the compiler's own -m output says, without PGO and with the
// CLI's profile:
//
//	GOEXPERIMENT=simd go build -pgo=off -gcflags=github.com/flipbench/flipbench/solver=-m ./solver 2>&1 | grep 'bottom_gosimd.*inlining call to gosimd'
//
// It runs the go command (cached after the first time): not with -short,
// as under qemu.
func TestGoSIMDBottomInlines(t *testing.T) {
	if !goSIMDBuilt {
		t.Skip("the gosimd bottoms are not in this build: run with GOEXPERIMENT=simd")
	}
	if testing.Short() {
		t.Skip("-short: runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}

	// the calls of B forms, by file and line
	var want []string
	for _, name := range []string{"bottom_gosimd_avx2.go", "bottom_gosimd_avx512.go"} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "gosimd" && strings.HasSuffix(sel.Sel.Name, "B") {
						want = append(want, lineCall(name, fset.Position(c.Pos()).Line, sel.Sel.Name))
					}
				}
			}
			return true
		})
	}
	if len(want) < 20 {
		t.Fatalf("%d calls of gosimd B forms in bottom_gosimd_*.go: the test has lost them", len(want))
	}

	// without a profile, and with the CLI's (cmd/flipbench/default.pgo),
	// which inlines more into the bottom: the B forms must stay inlined
	// (a caller the compiler deems big has a third of the budget)
	pgos := []string{"off"}
	if prof, err := filepath.Abs(filepath.Join("..", "cmd", "flipbench", "default.pgo")); err == nil {
		if _, err := os.Stat(prof); err == nil {
			pgos = append(pgos, prof)
		}
	}
	re := regexp.MustCompile(`(?m)(bottom_gosimd_\w+\.go):(\d+):\d+: inlining call to gosimd\.(\w+)$`)
	for _, pgo := range pgos {
		cmd := exec.Command(goCmd, "build", "-pgo="+pgo, "-gcflags=github.com/flipbench/flipbench/solver=-m", ".")
		cmd.Env = os.Environ()
		if exp := os.Getenv("GOEXPERIMENT"); !slices.Contains(strings.Split(exp, ","), "simd") {
			cmd.Env = append(cmd.Env, "GOEXPERIMENT="+strings.TrimPrefix(exp+",simd", ","))
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
		}
		var got []string
		for _, m := range re.FindAllStringSubmatch(string(out), -1) {
			got = append(got, m[1]+":"+m[2]+" "+m[3])
		}
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("-pgo=%s: %s is not inlined (go build -gcflags=-m)", pgo, w)
			}
		}
	}
	if !t.Failed() {
		t.Logf("%d calls of gosimd B forms in bottom_gosimd_*.go, all inlined with -pgo=%s", len(want), strings.Join(pgos, ", -pgo="))
	}
}

func lineCall(file string, line int, name string) string {
	return file + ":" + strconv.Itoa(line) + " " + name
}

// The gosimd bottoms are what gosimd_gen.go writes from the Go bottom as
// it is now: a change to shallow.go, search.go's stabilityCut or
// solve_4.go wants go generate ./solver.
func TestGoSIMDBottomGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	dir := t.TempDir()
	if out, err := exec.Command(goCmd, "run", "gosimd_gen.go", "-o", dir).CombinedOutput(); err != nil {
		t.Fatalf("go run gosimd_gen.go: %v\n%s", err, out)
	}
	for _, name := range []string{"bottom_gosimd_avx2.go", "bottom_gosimd_avx512.go"} {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(name); err != nil || string(got) != string(want) {
			t.Errorf("%s is not what gosimd_gen.go writes now: go generate ./solver (%v)", name, err)
		}
	}
}
