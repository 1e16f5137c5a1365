//go:build unix

package bench

import (
	"errors"
	"io"
	"os"
	"syscall"

	"github.com/flipbench/flipbench/internal/atomicfile"
)

type flock struct{ f *os.File }

// acquire locks path with flock (never blocking) and writes info in it;
// prev is what the file held before (the holder, or a dead one's trace).
func acquire(path, info string) (lockImpl, string, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, atomicfile.Perm)
	if err != nil {
		return nil, "", err
	}
	f.Chmod(atomicfile.Perm)
	prevData, _ := io.ReadAll(f)
	prev := string(prevData)
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, prev, errors.New("locked")
		}
		return nil, prev, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, prev, err
	}
	if _, err := f.WriteAt([]byte(info), 0); err != nil {
		f.Close()
		return nil, prev, err
	}
	return flock{f}, prev, nil
}

// release empties the file (its holder has ended) and unlocks it. The
// file stays: removing it would let two processes lock two files of the
// same name.
func (l flock) release() error {
	l.f.Truncate(0)
	return l.f.Close() // closing the last descriptor releases the flock
}

// isLocked reports whether a process holds path's flock.
func isLocked(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
