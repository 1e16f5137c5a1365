package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "f.txt")
	if err := Write(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	bad := errors.New("failed half-way")
	err := WriteWith(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return bad
	})
	if !errors.Is(err, bad) {
		t.Fatalf("got %v", err)
	}
	data, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(data) != "one" || st.Mode().Perm() != Perm {
		t.Errorf("after a failed write: %q, mode %v", data, st.Mode())
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestCreateCommitClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	a, err := Create(path, ".partial")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, ".partial"); err == nil {
		t.Error("a second writer of the same file was allowed")
	}
	a.Write([]byte("x"))
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the file exists before Commit")
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != Perm {
		t.Fatalf("after Commit: %v %v", st, err)
	}
	b, _ := Create(path+"2", ".partial")
	b.Write([]byte("y"))
	b.Close()
	if _, err := os.Stat(path + "2.partial"); err != nil {
		t.Error("Close removed the interrupted file")
	}
}
