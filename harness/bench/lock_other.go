//go:build !unix

package bench

import (
	"errors"
	"os"

	"github.com/flipbench/flipbench/internal/atomicfile"
)

// Without flock, the lock is the file's existence: created exclusively,
// removed on release. A lock left by a process that died stays until it
// is deleted by hand (the error names the file).
type pidfile struct{ path string }

func acquire(path, info string) (lockImpl, string, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, atomicfile.Perm)
	if err != nil {
		prev, _ := os.ReadFile(path)
		if len(prev) == 0 {
			prev = []byte("pid 0\ncommand unknown; delete " + path + " if no flipbench runs\n")
		}
		return nil, string(prev), errors.New("locked")
	}
	_, err = f.WriteString(info)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return nil, "", err
	}
	return pidfile{path}, "", nil
}

func (l pidfile) release() error { return os.Remove(l.path) }

func isLocked(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
