//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C reaches the whole process group, the servers of a served bench
// too: the servers leave it to the driver, which keeps every finished
// result, marks the file incomplete and exits 130, as in one process.
func TestServedBenchCtrlC(t *testing.T) {
	needReexec(t)
	out := filepath.Join(t.TempDir(), "x.txt")
	cmd := exec.Command(os.Args[0], "bench", "-kernel", "popcount", "-count", "200", "-processes", "4",
		"-benchtime", "2ms", "-warmup", "1ms", "-progress", "off", "-o", out)
	cmd.Env = append(os.Environ(), "FLIPBENCH_TEST_MAIN=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, _ := os.ReadFile(out + ".partial")
		if bytes.Count(b, []byte("\nBenchmark")) >= 20 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no results after 30 s:\n%s", stdout.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) // the group, as a terminal's Ctrl-C
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130:\n%s", err, stdout.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "incomplete: interrupted") || !strings.Contains(stdout.String(), "kept") {
		t.Errorf("the file or the output does not say interrupted:\n%s\n%s", stdout.String(), b[max(0, len(b)-300):])
	}
}
