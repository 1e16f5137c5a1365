package regress

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Worktree names the working tree where a revision is asked for: its
// tracked files and the untracked ones git does not ignore.
const Worktree = "WORKTREE"

// A Tree is one revision's files, extracted into a cache: ID names it
// there (a commit's first 16 hex digits, or the working tree's), Dir holds
// it.
type Tree struct {
	Rev, ID, Dir string
}

// RevisionError: a revision that names no commit.
type RevisionError struct{ Rev string }

func (e *RevisionError) Error() string { return fmt.Sprintf("revision %q: not a commit", e.Rev) }

// Extract puts revision rev of the repository at root into cache/trees: a
// commit once (git archive, kept for the next run, so that go's build
// cache finds it where it left it), the working tree (Worktree) afresh
// every time, rewriting only the files that changed.
func Extract(root, cache, rev string) (Tree, error) {
	if rev == Worktree {
		sum := sha256.Sum256([]byte(root))
		t := Tree{Rev: rev, ID: fmt.Sprintf("worktree-%x", sum[:6])}
		t.Dir = filepath.Join(cache, "trees", t.ID)
		return t, syncWorktree(root, t.Dir)
	}
	full, err := Git(root, "rev-parse", "--verify", rev+"^{commit}")
	if err != nil {
		return Tree{}, &RevisionError{rev}
	}
	t := Tree{Rev: rev, ID: full[:16]}
	t.Dir = filepath.Join(cache, "trees", t.ID)
	done := filepath.Join(t.Dir, ".extracted")
	if _, err := os.Stat(done); err == nil {
		return t, nil
	}
	if err := os.RemoveAll(t.Dir); err != nil {
		return t, err
	}
	if err := os.MkdirAll(t.Dir, 0o755); err != nil {
		return t, err
	}
	archive := exec.Command("git", "archive", "--format=tar", full)
	archive.Dir = root
	untar := exec.Command("tar", "-x", "-C", t.Dir)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return t, err
	}
	untar.Stdin = pipe
	if err := untar.Start(); err != nil {
		return t, err
	}
	if err := archive.Run(); err != nil {
		return t, fmt.Errorf("git archive %s: %v", rev, err)
	}
	if err := untar.Wait(); err != nil {
		return t, fmt.Errorf("extracting %s: %v", rev, err)
	}
	return t, os.WriteFile(done, nil, 0o644)
}

// Describe names a revision for a reader: "HEAD~1 (cf5bcfd)", "the
// working tree".
func Describe(root, rev string) string {
	if rev == Worktree {
		return "the working tree"
	}
	if h, err := Git(root, "rev-parse", "--short", rev); err == nil {
		return rev + " (" + h + ")"
	}
	return rev
}

// syncWorktree copies the working tree's files (tracked, and untracked
// ones git does not ignore) to dst, rewriting only what changed, and
// removes what is no longer there.
func syncWorktree(root, dst string) error {
	list, err := Git(root, "ls-files", "-co", "--exclude-standard", "-z")
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, rel := range strings.Split(list, "\x00") {
		if rel == "" {
			continue
		}
		src := filepath.Join(root, rel)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted, or not a file
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		p := filepath.Join(dst, rel)
		keep[p] = true
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
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

// Git runs git in dir and returns its output, trimmed; an error carries
// git's own message.
func Git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// GoBuild builds package pkg of the tree in dir into out, in the
// environment env (the caller's: GOFLAGS, GOEXPERIMENT).
func GoBuild(dir, out, pkg string, env []string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}
