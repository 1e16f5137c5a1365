// Package storetest runs a real perfdata storage server, localperfdata
// (golang.org/x/build/perfdata/localperfdata: the engine of
// perfdata.golang.org on a SQLite file), on the loopback for tests: no
// mock of the protocol.
//
// The binary is found, in order, at $FLIPBENCH_LOCALPERFDATA, on the
// PATH, in $(go env GOBIN) or $(go env GOPATH)/bin, or in the user cache
// where an earlier test built it; else it is built there with go install
// (from the module proxy, cgo for SQLite: about 40 s once). A test that
// cannot have it is skipped and says why, unless
// FLIPBENCH_PERFDATA_REQUIRED is set (CI installs it and sets it): then
// it fails.
package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Package and Version are the localperfdata the tests build, and
// .ci/run installs.
const (
	Package = "golang.org/x/build/perfdata/localperfdata"
	Version = "v0.0.0-20260918145456-c0ee0fbd16a3"
)

// InstallCommand installs it.
const InstallCommand = "go install " + Package + "@" + Version

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// Binary returns the path of localperfdata, building it if needed.
func Binary() (string, error) {
	binOnce.Do(func() { binPath, binErr = locate() })
	return binPath, binErr
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go"
}

func locate() (string, error) {
	if p := os.Getenv("FLIPBENCH_LOCALPERFDATA"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("FLIPBENCH_LOCALPERFDATA: %v", err)
		}
		return p, nil
	}
	if p, err := exec.LookPath("localperfdata"); err == nil {
		return p, nil
	}
	for _, v := range []string{"GOBIN", "GOPATH"} {
		out, err := exec.Command(goTool(), "env", v).Output()
		if err != nil {
			continue
		}
		for _, d := range filepath.SplitList(strings.TrimSpace(string(out))) {
			if d == "" {
				continue
			}
			if v == "GOPATH" {
				d = filepath.Join(d, "bin")
			}
			if p := filepath.Join(d, "localperfdata"); isFile(p) {
				return p, nil
			}
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no localperfdata, and no cache directory to build it in: %v", err)
	}
	dir := filepath.Join(cache, "flipbench", "localperfdata@"+Version)
	p := filepath.Join(dir, "localperfdata")
	if isFile(p) {
		return p, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command(goTool(), "install", Package+"@"+Version)
	cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=", "CGO_ENABLED=1")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building localperfdata (%s): %v\n%s", InstallCommand, err, bytes.TrimSpace(out))
	}
	if err := os.Rename(filepath.Join(tmp, "localperfdata"), p); err != nil {
		return "", err
	}
	return p, nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// A Server is a running localperfdata.
type Server struct {
	URL      string // http://127.0.0.1:PORT
	Dir      string // its database (perfdata.db) and data folder (data/)
	cmd      *exec.Cmd
	exited   chan struct{}
	log      *syncBuffer
	stopOnce sync.Once
}

// Options of a server.
type Options struct {
	// Data is its data folder (default Dir/data); a path that cannot be
	// a folder makes every upload fail on the server's side.
	Data string
}

// Start runs localperfdata on a free loopback port with its database
// and data folder in dir, and waits until it answers.
func Start(bin, dir string, o Options) (*Server, error) {
	data := o.Data
	if data == "" {
		data = filepath.Join(dir, "data")
	}
	var last error
	for try := 0; try < 3; try++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		addr := l.Addr().String()
		l.Close()
		s := &Server{URL: "http://" + addr, Dir: dir, exited: make(chan struct{}), log: &syncBuffer{}}
		s.cmd = exec.Command(bin, "-addr", addr, "-dsn", filepath.Join(dir, "perfdata.db"), "-data", data, "-base_dir", dir)
		s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
		if err := s.cmd.Start(); err != nil {
			return nil, err
		}
		go func() { s.cmd.Wait(); close(s.exited) }()
		if last = s.wait(20 * time.Second); last == nil {
			return s, nil
		}
		s.Stop()
	}
	return nil, last
}

// wait polls the server until it lists its uploads.
func (s *Server) wait(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	c := &http.Client{Timeout: time.Second}
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return fmt.Errorf("localperfdata exited: %s", s.Log())
		default:
		}
		if resp, err := c.Get(s.URL + "/uploads?limit=1"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("localperfdata did not answer within " + limit.String() + ": " + s.Log())
}

// Stop ends the server and waits for it.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		if s.cmd.Process != nil {
			s.cmd.Process.Kill()
		}
		<-s.exited
	})
}

// Log is what the server printed.
func (s *Server) Log() string { return s.log.String() }

// New starts a server for a test in a temporary directory and stops it
// when the test ends. Without localperfdata the test is skipped, saying
// why and how to install it (failed with FLIPBENCH_PERFDATA_REQUIRED).
func New(t testing.TB, o Options) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		msg := fmt.Sprintf("no perfdata server to test with: %v\n(install it: %s; or point FLIPBENCH_LOCALPERFDATA at it)", err, InstallCommand)
		if os.Getenv("FLIPBENCH_PERFDATA_REQUIRED") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	s, err := Start(bin, t.TempDir(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Stop()
		if t.Failed() {
			t.Logf("localperfdata's log:\n%s", s.Log())
		}
	})
	return s
}

// syncBuffer keeps the last 64 KiB a process wrote.
type syncBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b = append(b.b, p...)
	if n := len(b.b); n > 64<<10 {
		b.b = append(b.b[:0], b.b[n-64<<10:]...)
	}
	return len(p), nil
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.b)
}
