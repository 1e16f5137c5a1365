//go:build unix

package bench

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Helper processes: FLIPBENCH_LOCK_HELPER=dir takes dir's lock, says
// "locked", and waits to be killed (the lock test);
// FLIPBENCH_SERVE_HELPER=kind serves servedGroups(kind) with their twins
// (the served session's tests).
func TestMain(m *testing.M) {
	if kind := os.Getenv("FLIPBENCH_SERVE_HELPER"); kind != "" {
		groups := servedGroups(kind)
		Prepare(groups, &Options{Twins: true}) // as bench -serve does
		if err := Serve(groups, time.Millisecond, os.Stdin, os.Stdout); err != nil {
			fmt.Println("err", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if dir := os.Getenv("FLIPBENCH_LOCK_HELPER"); dir != "" {
		if _, err := LockDir(dir, "flipbench bench -count 6"); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("locked")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// One session at a time per results folder: a second process is refused
// with the holder's pid, command and start time; when the holder dies
// without a word, its lock is taken over and says whose it was.
func TestLockAcrossProcesses(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "amd-zen4-f19-m11-s1")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "FLIPBENCH_LOCK_HELPER="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "locked" {
		t.Fatalf("helper: %q", line)
	}
	if h, ok := LockHolder(dir); !ok || !strings.Contains(h, fmt.Sprintf("pid %d", cmd.Process.Pid)) {
		t.Errorf("LockHolder: %q %v", h, ok)
	}
	_, err = CreateResults(filepath.Join(dir, "x.txt"))
	if err == nil {
		t.Fatal("a second session took the lock")
	}
	for _, want := range []string{fmt.Sprintf("pid %d", cmd.Process.Pid), "flipbench bench -count 6", "started ", "in use"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, ok := LockHolder(dir); ok {
		t.Error("a dead process still holds the lock")
	}
	rf, err := CreateResults(filepath.Join(dir, "x.txt"))
	if err != nil {
		t.Fatalf("lock of a dead process not taken over: %v", err)
	}
	if !strings.Contains(rf.Lock.TookOver, fmt.Sprintf("pid %d", cmd.Process.Pid)) {
		t.Errorf("TookOver %q", rf.Lock.TookOver)
	}
	// the same process may open a second file there; the lock goes with the last
	rf2, err := CreateResults(filepath.Join(dir, "y.txt"))
	if err != nil {
		t.Fatal(err)
	}
	rf.Close()
	if _, ok := LockHolder(dir); !ok {
		t.Error("lock released while a file is open")
	}
	rf2.Close()
	if h, ok := LockHolder(dir); ok {
		t.Errorf("lock held after the last Close: %s", h)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, LockName)); len(data) != 0 {
		t.Errorf("released lock still names a holder: %q", data)
	}
}
