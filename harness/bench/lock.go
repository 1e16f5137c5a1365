package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// LockName is the lock file of a results folder: one measuring session
// (bench, solve -save, pick -quick, train -eval-mae -save) at a time per
// folder, since two at once disturb each other's timings. It holds the
// holder's pid, start time, host and command. On Unix it is locked with
// flock, which the kernel releases when its process dies however it dies,
// so a lock left by a dead process is simply taken over; the file itself
// stays (emptied when its holder ends). Its name starts with a dot: it is
// neither a results file nor embedded.
const LockName = ".flipbench.lock"

// A Lock is a results folder's lock, held by this process.
type Lock struct {
	Path string
	// TookOver describes the holder of a lock left behind by a process
	// that is gone ("pid 1234, started ..."), "" if the lock was free.
	TookOver string
	dir      string
}

// held counts this process's holders per folder: a process that holds a
// folder's lock may open more results files there (a solve writing its
// results while a test benchmarks).
var held = struct {
	sync.Mutex
	n    map[string]int
	impl map[string]lockImpl
}{n: map[string]int{}, impl: map[string]lockImpl{}}

// lockImpl is the platform's part: flock on Unix.
type lockImpl interface{ release() error }

// LockDir takes the lock of dir for a session described by what (the
// command line): an error names the holder when another process has it.
func LockDir(dir, what string) (*Lock, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, err
	}
	l := &Lock{Path: filepath.Join(abs, LockName), dir: abs}
	held.Lock()
	defer held.Unlock()
	if held.n[abs] > 0 {
		held.n[abs]++
		return l, nil
	}
	host, _ := os.Hostname()
	info := fmt.Sprintf("pid %d\nstarted %s\nhost %s\ncommand %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339), host, what)
	impl, prev, err := acquire(l.Path, info)
	if err != nil {
		if h, ok := parseHolder(prev); ok {
			return nil, fmt.Errorf("%s is in use by another measuring session: %s; two at once disturb each other's timings: wait for it to end or stop it (lock %s)", dir, h, l.Path)
		}
		return nil, fmt.Errorf("%s: lock %s: %v", dir, l.Path, err)
	}
	if h, ok := parseHolder(prev); ok {
		l.TookOver = h + ", which is gone"
	}
	held.n[abs] = 1
	held.impl[abs] = impl
	return l, nil
}

// Unlock releases the lock (when this process's last holder of the
// folder lets go).
func (l *Lock) Unlock() error {
	if l == nil {
		return nil
	}
	held.Lock()
	defer held.Unlock()
	if held.n[l.dir] == 0 {
		return nil
	}
	held.n[l.dir]--
	if held.n[l.dir] > 0 {
		return nil
	}
	impl := held.impl[l.dir]
	delete(held.impl, l.dir)
	delete(held.n, l.dir)
	return impl.release()
}

// LockHolder says who holds dir's lock ("pid 1234 (flipbench bench),
// started ..."), or "" and false when no process does (this one
// included: a folder this process holds is reported as held).
func LockHolder(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	held.Lock()
	n := held.n[abs]
	held.Unlock()
	path := filepath.Join(abs, LockName)
	data, _ := os.ReadFile(path)
	if n > 0 {
		h, _ := parseHolder(string(data))
		return h, true
	}
	if !isLocked(path) {
		return "", false
	}
	h, ok := parseHolder(string(data))
	if !ok {
		h = "a process (unknown)"
	}
	return h, true
}

// parseHolder reads a lock file's text: "pid 1234 (command), started
// 2026-11-24 17:02:40 UTC on host".
func parseHolder(text string) (string, bool) {
	f := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		if k, v, ok := strings.Cut(line, " "); ok {
			f[k] = strings.TrimSpace(v)
		}
	}
	pid, err := strconv.Atoi(f["pid"])
	if err != nil {
		return "", false
	}
	s := fmt.Sprintf("pid %d", pid)
	if c := f["command"]; c != "" {
		s += " (" + c + ")"
	}
	if t, err := time.Parse(time.RFC3339, f["started"]); err == nil {
		s += ", started " + t.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if h := f["host"]; h != "" {
		if me, _ := os.Hostname(); h != me {
			s += " on " + h
		}
	}
	return s, true
}
