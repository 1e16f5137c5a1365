//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Every file is 0644 whatever the umask: results, profiles and charts are
// read by other users (a CI job, a web server).
func TestPermUnderUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	w := filepath.Join(dir, "w.json")
	if err := Write(w, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	c := filepath.Join(dir, "c.txt")
	a, err := Create(c, ".partial")
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(c + ".partial"); err != nil || st.Mode().Perm() != Perm {
		t.Errorf("%s.partial: %v %v", c, st.Mode(), err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{w, c} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != Perm {
			t.Errorf("%s: mode %v, want %v (%v)", p, st.Mode().Perm(), os.FileMode(Perm), err)
		}
	}
}
