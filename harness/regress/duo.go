package regress

import (
	"bytes"
	_ "embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/flipbench/flipbench/harness/bench"
)

// Module is the module path of the trees a duo holds.
const Module = "github.com/flipbench/flipbench"

// DuoModule is the module path of a duo: its two trees are the packages
// DuoModule/old/... and DuoModule/new/....
const DuoModule = "flipbenchregress"

// Sides are the duo's two trees, in the order they are named.
var Sides = []string{"old", "new"}

//go:embed driver.go.txt
var driver []byte

// PrepareDuo writes to dst a module that holds the trees old and new
// (two checkouts of flipbench) side by side, each under its own import
// path (the module path rewritten in every Go file: DuoModule/old/...,
// DuoModule/new/...), this flipbench's session runner (DuoModule/runner:
// bench.RunnerFiles) and a driver (cmd/duo) that builds both trees'
// benchmark groups and runs them in one process with that runner, each
// OLD case beside its NEW one in every round. Both trees' assembly and registries are linked
// into one binary: the same noise meets both. The go.mod requires the
// higher version of every module either tree requires; go.sum is both
// trees' lines. Files dst holds already with the same contents are left
// as they are, so that go's build cache keeps them.
func PrepareDuo(old, new, dst string) error {
	mods := make([]*modfile.File, 2)
	var sums [][]byte
	for i, src := range []string{old, new} {
		data, err := os.ReadFile(filepath.Join(src, "go.mod"))
		if err != nil {
			return err
		}
		mf, err := modfile.Parse(filepath.Join(src, "go.mod"), data, nil)
		if err != nil {
			return err
		}
		if mf.Module == nil || mf.Module.Mod.Path != Module {
			return fmt.Errorf("%s: not a flipbench tree (module %v)", src, mf.Module)
		}
		mods[i] = mf
		sum, err := os.ReadFile(filepath.Join(src, "go.sum"))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		sums = append(sums, sum)
	}
	keep := map[string]bool{}
	for i, src := range []string{old, new} {
		if err := copyTree(src, filepath.Join(dst, Sides[i]), DuoModule+"/"+Sides[i], keep); err != nil {
			return err
		}
	}
	gomod, err := mergeMods(mods)
	if err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(dst, "go.mod"), gomod, keep); err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(dst, "go.sum"), mergeSums(sums), keep); err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(dst, "cmd", "duo", "main.go"), driver, keep); err != nil {
		return err
	}
	runner, err := fs.ReadDir(bench.RunnerFiles, ".")
	if err != nil {
		return err
	}
	for _, e := range runner {
		data, err := fs.ReadFile(bench.RunnerFiles, e.Name())
		if err != nil {
			return err
		}
		if err := writeIfChanged(filepath.Join(dst, "runner", e.Name()), data, keep); err != nil {
			return err
		}
	}
	return prune(dst, keep)
}

// copyTree copies a tree's files (not .git, not gen/: the generators are a
// module of their own) into dst, the module path in Go files rewritten
// to path.
func copyTree(src, dst, path string, keep map[string]bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if rel == ".git" || rel == "gen" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || rel == "go.mod" || rel == "go.sum" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".go") {
			data = bytes.ReplaceAll(data, []byte(Module), []byte(path))
		}
		return writeIfChanged(filepath.Join(dst, rel), data, keep)
	})
}

// mergeMods is a go.mod of module DuoModule that requires, of every module
// either tree requires, the higher version; the go version is the higher.
func mergeMods(mods []*modfile.File) ([]byte, error) {
	out := &modfile.File{}
	if err := out.AddModuleStmt(DuoModule); err != nil {
		return nil, err
	}
	goVersion := ""
	req := map[string]string{}
	direct := map[string]bool{}
	for _, mf := range mods {
		if mf.Go != nil && (goVersion == "" || semver.Compare("v"+mf.Go.Version, "v"+goVersion) > 0) {
			goVersion = mf.Go.Version
		}
		for _, r := range mf.Require {
			if v, ok := req[r.Mod.Path]; !ok || semver.Compare(r.Mod.Version, v) > 0 {
				req[r.Mod.Path] = r.Mod.Version
			}
			direct[r.Mod.Path] = direct[r.Mod.Path] || !r.Indirect
		}
	}
	if goVersion != "" {
		if err := out.AddGoStmt(goVersion); err != nil {
			return nil, err
		}
	}
	paths := make([]string, 0, len(req))
	for p := range req {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		out.AddNewRequire(p, req[p], !direct[p])
	}
	out.Cleanup()
	return out.Format()
}

// mergeSums is the lines of both go.sum files, once each, sorted.
func mergeSums(sums [][]byte) []byte {
	seen := map[string]bool{}
	var lines []string
	for _, s := range sums {
		for _, l := range strings.Split(string(s), "\n") {
			if l = strings.TrimSpace(l); l != "" && !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	slices.Sort(lines)
	return []byte(strings.Join(lines, "\n") + "\n")
}

func writeIfChanged(path string, data []byte, keep map[string]bool) error {
	keep[path] = true
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// prune removes the files under dst that PrepareDuo did not write (a
// file deleted from a tree since the duo was last prepared there).
func prune(dst string, keep map[string]bool) error {
	return filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !keep[p] {
			return os.Remove(p)
		}
		return nil
	})
}
