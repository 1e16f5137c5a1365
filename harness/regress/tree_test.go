package regress

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A repository of two commits, each a program that prints its version,
// and a working tree with an untracked file and an ignored one.
func twoCommits(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog := func(v string) string {
		return "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"" + v + "\") }\n"
	}
	run("init", "-q")
	write("go.mod", "module example.com/two\n\ngo 1.22\n")
	write("cmd/two/main.go", prog("v1"))
	write("old.txt", "only in the first commit\n")
	write(".gitignore", "ignored.txt\n")
	run("add", ".")
	run("commit", "-q", "-m", "v1")
	write("cmd/two/main.go", prog("v2"))
	run("rm", "-q", "old.txt")
	run("add", ".")
	run("commit", "-q", "-m", "v2")
	write("cmd/two/main.go", prog("v3 (working tree)"))
	write("untracked.txt", "untracked\n")
	write("ignored.txt", "ignored\n")
	return root
}

// Extract puts each revision's files in the cache, once; the working
// tree with its untracked files and without its ignored ones, afresh
// each time; GoBuild builds each; a name that is no commit is a
// RevisionError.
func TestExtractAndBuild(t *testing.T) {
	root := twoCommits(t)
	cache := t.TempDir()
	for _, c := range []struct{ rev, prints string }{{"HEAD~1", "v1"}, {"HEAD", "v2"}, {Worktree, "v3 (working tree)"}} {
		tr, err := Extract(root, cache, c.rev)
		if err != nil {
			t.Fatalf("%s: %v", c.rev, err)
		}
		bin := filepath.Join(cache, "bin", tr.ID)
		if err := GoBuild(tr.Dir, bin, "./cmd/two", append(os.Environ(), "GOFLAGS=-mod=mod")); err != nil {
			t.Fatalf("%s: %v", c.rev, err)
		}
		out, err := exec.Command(bin).Output()
		if err != nil || strings.TrimSpace(string(out)) != c.prints {
			t.Errorf("%s's build prints %q (%v), want %q", c.rev, out, err, c.prints)
		}
		_, errOld := os.Stat(filepath.Join(tr.Dir, "old.txt"))
		if (c.rev == "HEAD~1") != (errOld == nil) {
			t.Errorf("%s: old.txt present %v, want only in HEAD~1's tree", c.rev, errOld == nil)
		}
		_, errU := os.Stat(filepath.Join(tr.Dir, "untracked.txt"))
		_, errI := os.Stat(filepath.Join(tr.Dir, "ignored.txt"))
		if (c.rev == Worktree) != (errU == nil) || errI == nil {
			t.Errorf("%s: untracked file present %v, ignored present %v; want the untracked one in the working tree's only, never the ignored", c.rev, errU == nil, errI == nil)
		}
	}
	// a commit is extracted once: a file removed from its tree stays
	// removed (the marker says the tree is whole; it is the cache's)
	head, _ := Extract(root, cache, "HEAD")
	os.Remove(filepath.Join(head.Dir, "go.mod"))
	if again, err := Extract(root, cache, "HEAD"); err != nil || again.Dir != head.Dir {
		t.Fatalf("HEAD again: %v, %s", err, again.Dir)
	}
	if _, err := os.Stat(filepath.Join(head.Dir, "go.mod")); err == nil {
		t.Error("HEAD was extracted a second time")
	}
	// the working tree is synced afresh: a file deleted there goes
	if err := os.Remove(filepath.Join(root, "untracked.txt")); err != nil {
		t.Fatal(err)
	}
	wt, err := Extract(root, cache, Worktree)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(wt.Dir, "untracked.txt")); err == nil {
		t.Error("a file deleted from the working tree stays in its copy")
	}
	var re *RevisionError
	if _, err := Extract(root, cache, "nosuchrev"); !errors.As(err, &re) || !strings.Contains(err.Error(), `"nosuchrev"`) {
		t.Errorf("a bad revision: %v, want a RevisionError naming it", err)
	}
	if d := Describe(root, "HEAD~1"); !strings.HasPrefix(d, "HEAD~1 (") {
		t.Errorf("Describe: %q", d)
	}
}
