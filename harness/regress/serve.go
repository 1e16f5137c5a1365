package regress

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/bench"
)

//go:embed server.go.txt
var serverSource []byte

// LayoutKey names a result's layout (BuildServer's).
const LayoutKey = "layout"

// ServerPackage is where BuildServer puts the server in a tree: a
// package of the tree's own module, so that it imports the tree's
// packages as they are.
const ServerPackage = "cmd/regress-server"

// Layouts is how many builds of each tree a regress session measures,
// the code of each shifted by another multiple of 32 bytes (Pad): where a
// function or a loop falls against the 64- and 128-byte lines moves a
// kernel's time by several per cent, and a change that moves the code
// (the harness's, say) would be taken for a change of the kernels.
// Averaged over the four positions, the code's place cancels out.
const Layouts = 4

// DefaultLayouts is how many of them regress measures unless told: two
// (the code at both places against the 64-byte lines) keep every kernel
// within the main job's time; four average better, at twice the time.
const DefaultLayouts = 2

// Pad is the assembly function BuildServer lays into the tree's kernels
// package (linked before the variants and the harness), its size in bytes
// for layout k: with functions aligned on 32 bytes, 1, 33, 65 and 97 bytes
// shift all that follows by 32, 64, 96 and 128.
func Pad(k int) int { return 1 + 32*k }

// BuildServer builds the benchmark server of a flipbench tree (its own
// packages, its own build) into out, its code shifted for layout k (Pad).
// The server's source and the pad are laid over the tree (go build
// -overlay): the tree is left as it is.
func BuildServer(tree, out string, env []string, layout int) error {
	dir, err := os.MkdirTemp("", "flipbench-server-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	abs, err := filepath.Abs(tree)
	if err != nil {
		return err
	}
	files := map[string][]byte{
		filepath.Join(ServerPackage, "main.go"):             serverSource,
		filepath.Join("kernels", "zz_regress_pad.go"):       []byte("//go:build amd64\n\npackage kernels\n\n// RegressPad is flipbench regress's padding: a function of a\n// chosen size that shifts the code linked after it.\nfunc RegressPad()\n"),
		filepath.Join("kernels", "zz_regress_pad_amd64.s"):  padAsm(Pad(layout)),
		filepath.Join("kernels", "zz_regress_pad_other.go"): []byte("//go:build !amd64\n\npackage kernels\n\nfunc RegressPad() {}\n"),
	}
	replace := map[string]string{}
	for rel, data := range files {
		src := filepath.Join(dir, strings.ReplaceAll(rel, string(filepath.Separator), "_"))
		if err := os.WriteFile(src, data, 0o644); err != nil {
			return err
		}
		replace[filepath.Join(abs, rel)] = src
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return err
	}
	overlay := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-overlay", overlay, "-o", out, "./"+ServerPackage)
	cmd.Dir = abs
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s in %s: %v\n%s", ServerPackage, tree, err, b)
	}
	return nil
}

// padAsm is the pad function: size bytes, the last a RET.
func padAsm(size int) []byte {
	var b strings.Builder
	b.WriteString("//go:build amd64\n\n#include \"textflag.h\"\n\n// func RegressPad()\nTEXT ·RegressPad(SB), NOSPLIT, $0-0\n")
	for range size - 1 {
		b.WriteString("\tBYTE $0x90\n")
	}
	b.WriteString("\tRET\n")
	return []byte(b.String())
}

// Pair makes the groups a regress session runs from the servers of each
// side, one per layout (olds[k] and news[k] built for layout k): every
// case both sides have (same group, same name) whose name matches re, per
// layout a unit of two cases run back to back in a random order, OLD's
// named rev=old, NEW's rev=new, both layout=k; each group's twin is its
// first unit's OLD case. It returns the cases only one side has.
func Pair(olds, news []*bench.Server, re *regexp.Regexp) ([]*bench.Group, []string) {
	type key struct{ group, name string }
	oldBy := map[key]bench.ServedCase{}
	for _, c := range olds[0].Cases {
		oldBy[key{c.Group, c.Name}] = c
	}
	var groups []*bench.Group
	byTitle := map[string]*bench.Group{}
	var only []string
	used := map[key]bool{}
	for _, nc := range news[0].Cases {
		if !re.MatchString(nc.Name) {
			continue
		}
		k := key{nc.Group, nc.Name}
		oc, ok := oldBy[k]
		if !ok {
			only = append(only, "NEW only: "+nc.Name)
			continue
		}
		used[k] = true
		g := byTitle[nc.Group]
		if g == nil {
			g = &bench.Group{Title: nc.Group}
			byTitle[nc.Group] = g
			groups = append(groups, g)
		}
		for l := range olds {
			a, b := served(olds[l], oc, "old", l), served(news[l], nc, "new", l)
			g.Units = append(g.Units, []int{len(g.Cases), len(g.Cases) + 1})
			g.Cases = append(g.Cases, a, b)
			if g.Twin == nil {
				g.Twin = a
			}
		}
	}
	for _, c := range olds[0].Cases {
		if k := (key{c.Group, c.Name}); !used[k] && re.MatchString(c.Name) {
			only = append(only, "OLD only: "+c.Name)
		}
	}
	slices.Sort(only)
	return groups, only
}

// served is a case of a server as the runner takes it: timed by the
// server, named with its tree (rev=old, rev=new) and its layout.
func served(s *bench.Server, c bench.ServedCase, rev string, layout int) *bench.Case {
	parts := strings.Split(c.Name, "/")
	bc := &bench.Case{Name: parts[0], Config: slices.Clone(c.Config), Period: c.Period}
	for _, p := range parts[1:] {
		k, v, _ := strings.Cut(p, "=")
		bc.Keys = append(bc.Keys, [2]string{k, v})
	}
	bc.Keys = append(bc.Keys, [2]string{RevKey, rev}, [2]string{LayoutKey, strconv.Itoa(layout)})
	idx := c.Index
	// a longer lead-in than the runner's: the runs of the other servers
	// (other binaries) took the caches since
	bc.Timed = func(n, lead int) (time.Duration, error) { return s.Run(idx, n, max(lead, n/4)) }
	bc.Run = func(n int) {
		if _, err := s.Run(idx, n, 0); err != nil {
			panic(err)
		}
	}
	return bc
}

// StartServer starts a tree's server (BuildServer's) and reads its cases:
// those of the groups with a case whose name only matches (nil: every
// group).
func StartServer(label, bin string, only *regexp.Regexp) (*bench.Server, error) {
	var args []string
	if only != nil {
		args = append(args, only.String())
	}
	return bench.StartServer(label, exec.Command(bin, args...))
}
