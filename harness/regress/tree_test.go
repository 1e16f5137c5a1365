package regress

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testRepo is a git repository in a temporary directory.
type testRepo struct {
	t    *testing.T
	root string
}

func newTestRepo(t *testing.T) testRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	r := testRepo{t, t.TempDir()}
	r.run("init", "-q")
	r.write("go.mod", "module example.com/two\n\ngo 1.22\n")
	return r
}

func (r testRepo) run(args ...string) {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.root
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	if out, err := cmd.CombinedOutput(); err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func (r testRepo) write(name, text string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(r.root, name)), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.root, name), []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r testRepo) commit(msg string) {
	r.t.Helper()
	r.run("add", ".")
	r.run("commit", "-q", "-m", msg)
}

// twoCommitsOf is a repository of two commits, the file at path first
// first, then second.
func twoCommitsOf(t *testing.T, path, first, second string) string {
	r := newTestRepo(t)
	r.write(path, first)
	r.commit("first")
	r.write(path, second)
	r.commit("second")
	return r.root
}

// A repository of two commits, each a program that prints its version,
// and a working tree with an untracked file and an ignored one.
func twoCommits(t *testing.T) string {
	t.Helper()
	prog := func(v string) string {
		return "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"" + v + "\") }\n"
	}
	r := newTestRepo(t)
	r.write("cmd/two/main.go", prog("v1"))
	r.write("old.txt", "only in the first commit\n")
	r.write(".gitignore", "ignored.txt\n")
	r.commit("v1")
	r.write("cmd/two/main.go", prog("v2"))
	r.run("rm", "-q", "old.txt")
	r.commit("v2")
	r.write("cmd/two/main.go", prog("v3 (working tree)"))
	r.write("untracked.txt", "untracked\n")
	r.write("ignored.txt", "ignored\n")
	return r.root
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
