package main

import (
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// The paths the README and CONTRIBUTING name (in backticks, with a
// slash or a file extension) exist, so that a newcomer following them
// never lands on a file that moved.
func TestDocsPathsExist(t *testing.T) {
	root := filepath.Join("..", "..")
	code := regexp.MustCompile("`([^`\\s]+)`")
	path := regexp.MustCompile(`^[a-z0-9_.]+(/[A-Za-z0-9_.*-]*)+$|^[A-Za-z0-9_-]+\.(go|md|s|sh|c|h|tsv|json)$`)
	for _, doc := range []string{"README.md", "CONTRIBUTING.md"} {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range code.FindAllStringSubmatch(string(data), -1) {
			p := m[1]
			if !path.MatchString(p) || strings.Contains(p, "://") || strings.HasPrefix(p, "golang.org/") ||
				strings.HasPrefix(p, "github.com/") || strings.HasPrefix(p, "../") || isStdPackage(p) {
				continue
			}
			if _, err := os.Stat(filepath.Join(runtime.GOROOT(), "src", p)); err == nil {
				continue // a standard library package (simd/archsimd)
			}
			n++
			matches, err := filepath.Glob(filepath.Join(root, p))
			if err != nil || len(matches) == 0 {
				t.Errorf("%s names %s, which does not exist", doc, p)
			}
		}
		if n == 0 {
			t.Errorf("%s: no path found (the pattern is wrong)", doc)
		}
	}
}

// isStdPackage: a standard library package (simd/archsimd), not a path
// of this repository.
func isStdPackage(p string) bool {
	st, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(p)))
	return err == nil && st.IsDir()
}
