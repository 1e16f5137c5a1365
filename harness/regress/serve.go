package regress

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// A Server is one tree's benchmark server, running: its cases, run one at
// a time on request.
type Server struct {
	Label string
	Cases []ServedCase
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	mu    sync.Mutex
}

// ServedCase is a case a server runs: its group, its name
// (Kernel/kernel=K/variant=V/form=F) and its configuration lines.
type ServedCase struct {
	Index       int
	Group, Name string
	Config      [][2]string
}

// StartServer starts a server binary and reads its cases: those of the
// groups with a case whose name only matches (nil: every group).
func StartServer(label, bin string, only *regexp.Regexp) (*Server, error) {
	var args []string
	if only != nil {
		args = append(args, only.String())
	}
	s := &Server{Label: label, cmd: exec.Command(bin, args...)}
	s.cmd.Stderr = os.Stderr
	var err error
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	s.out = bufio.NewScanner(stdout)
	s.out.Buffer(make([]byte, 64<<10), 1<<20)
	for s.out.Scan() {
		line := s.out.Text()
		if line == "ready" {
			return s, nil
		}
		f := strings.SplitN(line, "\t", 4)
		if len(f) != 4 || !strings.HasPrefix(f[0], "case ") {
			s.Close()
			return nil, fmt.Errorf("%s server: %q is not a case", label, line)
		}
		i, err := strconv.Atoi(strings.TrimPrefix(f[0], "case "))
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("%s server: %q: %v", label, line, err)
		}
		c := ServedCase{Index: i, Group: f[1], Name: f[2]}
		for _, kv := range strings.Split(f[3], "\x1f") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				c.Config = append(c.Config, [2]string{k, v})
			}
		}
		s.Cases = append(s.Cases, c)
	}
	s.Close()
	return nil, fmt.Errorf("%s server ended before it was ready: %v", label, s.out.Err())
}

// Run runs case i: lead operations untimed, then n, which it times.
func (s *Server) Run(i, n, lead int) (time.Duration, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.in, "run %d %d %d\n", i, n, lead); err != nil {
		return 0, fmt.Errorf("%s server: %v", s.Label, err)
	}
	if !s.out.Scan() {
		return 0, fmt.Errorf("%s server ended: %v", s.Label, s.out.Err())
	}
	line := s.out.Text()
	if ns, ok := strings.CutPrefix(line, "ok "); ok {
		v, err := strconv.ParseInt(ns, 10, 64)
		return time.Duration(v), err
	}
	return 0, fmt.Errorf("%s: %s", s.Label, strings.TrimPrefix(line, "err "))
}

// Close ends the server.
func (s *Server) Close() {
	if s.in != nil {
		fmt.Fprintln(s.in, "quit")
		s.in.Close()
	}
	_ = s.cmd.Wait()
}

// Pair makes the groups a regress session runs from the servers of each
// side, one per layout (olds[k] and news[k] built for layout k): every
// case both sides have (same group, same name) whose name matches re, per
// layout a unit of two cases run back to back in a random order, OLD's
// named rev=old, NEW's rev=new, both layout=k; each group's twin is its
// first unit's OLD case. It returns the cases only one side has.
func Pair(olds, news []*Server, re *regexp.Regexp) ([]*bench.Group, []string) {
	type key struct{ group, name string }
	oldBy := map[key]ServedCase{}
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
func served(s *Server, c ServedCase, rev string, layout int) *bench.Case {
	parts := strings.Split(c.Name, "/")
	bc := &bench.Case{Name: parts[0], Config: slices.Clone(c.Config)}
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
