package main

import (
	"fmt"
	"go/build"
	"io"
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
	for _, doc := range []string{"README.md", "CONTRIBUTING.md", "docs/README.md", "docs/method.md"} {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		// Markdown links to files of the repository, relative to the doc
		n := 0
		for _, m := range regexp.MustCompile(`\]\(([^)#:]+)(#[^)]*)?\)`).FindAllStringSubmatch(string(data), -1) {
			n++
			if _, err := os.Stat(filepath.Join(root, filepath.Dir(doc), m[1])); err != nil {
				t.Errorf("%s links to %s, which does not exist", doc, m[1])
			}
		}
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

// Every flipbench command line the docs show (in code blocks, and inline
// where it is a whole command) parses: its command exists and every flag
// it gives is defined, so that a reader who copies it gets no "flag
// provided but not defined".
func TestDocsCommandLinesParse(t *testing.T) {
	root := filepath.Join("..", "..")
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	docs = append(docs, filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md"),
		filepath.Join(root, "results", "README.md"), filepath.Join(root, "cbench", "README.md"))
	inline := regexp.MustCompile("`((?:go run \\./cmd/flipbench|flipbench) [^`]+)`")
	// a usage line, not an example: N, FILE, SET, LO-HI stand for values
	placeholder := regexp.MustCompile(`(^|\s)[A-Z][A-Z0-9_-]*(\.[a-z]+)?(\s|$)`)
	n := 0
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			continue
		}
		var lines []string
		fenced := false
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				fenced = !fenced
				continue
			}
			if fenced || strings.HasPrefix(l, "    ") {
				lines = append(lines, l)
				continue
			}
			for _, m := range inline.FindAllStringSubmatch(l, -1) {
				if !strings.ContainsAny(m[1], "[]|…") && !strings.Contains(m[1], "...") && !placeholder.MatchString(m[1]) {
					lines = append(lines, m[1])
				}
			}
		}
		for _, l := range lines {
			for _, cmdline := range commandLines(l) {
				n++
				if err := parsesAs(cmdline); err != nil {
					t.Errorf("%s: %q: %v", filepath.Base(doc), strings.Join(cmdline, " "), err)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d command lines found in the docs: the extraction is wrong", n)
	}
}

// commandLines splits a shell line into its flipbench invocations (after
// "flipbench" or "go run ./cmd/flipbench"), each its arguments, quotes
// removed; comments and other programs left out.
func commandLines(line string) [][]string {
	var words []string
	var cur strings.Builder
	quote := rune(0)
	in := false
	flush := func() {
		if in {
			words = append(words, cur.String())
			cur.Reset()
			in = false
		}
	}
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == '#' && !in:
			flush()
			goto done
		case r == ' ' || r == '\t':
			flush()
		case r == '|' || r == ';' || r == '&' || r == '(' || r == ')':
			flush()
			words = append(words, string(r))
		default:
			cur.WriteRune(r)
			in = true
		}
	}
done:
	flush()
	var out [][]string
	for i := 0; i < len(words); i++ {
		start := -1
		switch {
		case words[i] == "flipbench" && (i == 0 || words[i-1] != "./cmd/flipbench"):
			start = i + 1
		case words[i] == "./cmd/flipbench" && i >= 2 && words[i-1] == "run" && words[i-2] == "go":
			start = i + 1
		}
		if start < 0 {
			continue
		}
		end := start
		for end < len(words) && !strings.Contains("|;&()", words[end]) {
			end++
		}
		if start < end {
			out = append(out, words[start:end])
		}
		i = end
	}
	return out
}

// parsesAs parses args as flipbench would, without running the command.
func parsesAs(args []string) error {
	if args[0] == "help" || args[0] == "-h" {
		return nil
	}
	c, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("no command %q", args[0])
	}
	if c.rawArgs {
		return nil
	}
	fs := newFlags(c)
	c.setup(fs)
	fs.SetOutput(io.Discard)
	return fs.Parse(args[1:])
}
