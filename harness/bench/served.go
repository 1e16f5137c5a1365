package bench

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Served sessions: the cases run in a server process that the session
// (the driver) asks for one timed run at a time. regress serves each tree
// from its own build; bench serves its own cases from fresh processes of
// its own binary (Fresh), because a process's placement (where its heap,
// its inputs and its pages fall) moves a kernel's time by per cents for
// the process's whole life: one process per session made that the
// session's lasting bias (docs/notes/2026-11-test-retest.md).
//
// The protocol, a line each way: the server writes
// "case I\tGROUP\tNAME\tCONFIG\tPERIOD" per case (CONFIG: key=value pairs
// joined by \x1f; PERIOD: the case's Period, 0 for none, so that the
// driver calibrates it in whole periods) and "ready"; it reads
// "run I N LEAD" (LEAD operations untimed, then N timed) and answers
// "ok NANOSECONDS" or "err MESSAGE"; "quit" (or the end of its input)
// ends it.

// A Server is a benchmark server process, running: its cases (a flipbench
// tree's regress server, or this binary's serve command), run one at a
// time on request, each run timed by the server itself.
type Server struct {
	Label string
	Cases []ServedCase
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	mu    sync.Mutex
}

// ServedCase is a case a server runs: its group, its name
// (Kernel/kernel=K/variant=V/form=F) and its configuration lines.
type ServedCase struct {
	Index       int
	Group, Name string
	Config      [][2]string
	Period      int
}

// StartServer starts a server (cmd: its binary, arguments and
// environment; not started) and reads its cases (the protocol is Serve's).
func StartServer(label string, cmd *exec.Cmd) (*Server, error) {
	s := &Server{Label: label, cmd: cmd}
	s.cmd.Stderr = os.Stderr
	var err error
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	s.out = bufio.NewScanner(stdout)
	s.out.Buffer(make([]byte, 64<<10), 1<<20)
	for s.out.Scan() {
		line := s.out.Text()
		if line == "ready" {
			return s, nil
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 || !strings.HasPrefix(f[0], "case ") {
			s.Close()
			return nil, fmt.Errorf("%s server: %q is not a case", label, line)
		}
		i, err := strconv.Atoi(strings.TrimPrefix(f[0], "case "))
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("%s server: %q: %v", label, line, err)
		}
		period, err := strconv.Atoi(f[4])
		if err != nil || period < 0 {
			s.Close()
			return nil, fmt.Errorf("%s server: %q: period %q is not a count", label, line, f[4])
		}
		c := ServedCase{Index: i, Group: f[1], Name: f[2], Period: period}
		for _, kv := range strings.Split(f[3], "\x1f") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				c.Config = append(c.Config, [2]string{k, v})
			}
		}
		s.Cases = append(s.Cases, c)
	}
	s.Close()
	return nil, fmt.Errorf("%s server ended before it was ready: %v", label, s.out.Err())
}

// Run runs case i: lead operations untimed, then n, which it times.
func (s *Server) Run(i, n, lead int) (time.Duration, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.in, "run %d %d %d\n", i, n, lead); err != nil {
		return 0, fmt.Errorf("%s server: %v", s.Label, err)
	}
	if !s.out.Scan() {
		return 0, fmt.Errorf("%s server ended: %v", s.Label, s.out.Err())
	}
	line := s.out.Text()
	if ns, ok := strings.CutPrefix(line, "ok "); ok {
		v, err := strconv.ParseInt(ns, 10, 64)
		return time.Duration(v), err
	}
	return 0, fmt.Errorf("%s: %s", s.Label, strings.TrimPrefix(line, "err "))
}

// Close ends the server.
func (s *Server) Close() {
	if s.in != nil {
		fmt.Fprintln(s.in, "quit")
		s.in.Close()
	}
	_ = s.cmd.Wait()
}

// Serve is a server's side of the protocol on in and out: it sets up the
// groups, warms every case (a fresh process's first runs pay for page
// faults and cold caches), lists the cases, then runs what it is asked
// until "quit" or the end of in. The groups are torn down before it
// returns.
func Serve(groups []*Group, warmup time.Duration, in io.Reader, out io.Writer) error {
	var cases []*Case
	var titles []string
	for _, g := range groups {
		if g.Setup != nil {
			if err := g.Setup(); err != nil {
				return fmt.Errorf("%s: %v", g.Title, err)
			}
		}
		if g.Teardown != nil {
			defer g.Teardown()
		}
		for _, c := range g.Cases {
			cases = append(cases, c)
			titles = append(titles, g.Title)
		}
	}
	// the driver calibrates the runs: a server only warms its cases
	for _, c := range cases {
		if err := c.warm(warmup); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(out)
	for i, c := range cases {
		cfg := make([]string, len(c.Config))
		for j, kv := range c.Config {
			cfg[j] = kv[0] + "=" + kv[1]
		}
		fmt.Fprintf(w, "case %d\t%s\t%s\t%s\t%d\n", i, titles[i], c.FullName(), strings.Join(cfg, "\x1f"), c.Period)
	}
	fmt.Fprintln(w, "ready")
	if err := w.Flush(); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if line == "quit" {
			return nil
		}
		var i, n, lead int
		if _, err := fmt.Sscanf(line, "run %d %d %d", &i, &n, &lead); err != nil || i < 0 || i >= len(cases) || n < 1 || lead < 0 {
			fmt.Fprintf(w, "err bad command %q\n", line)
		} else {
			c := cases[i]
			var el time.Duration
			err := c.try(func() { el = c.time(n, lead) })
			if err != nil {
				fmt.Fprintf(w, "err %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
			} else {
				fmt.Fprintf(w, "ok %d\n", el.Nanoseconds())
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Fresh runs a session's cases in server processes of the session's own
// groups, a fresh process for each of Parts parts of the rounds (of as
// many rounds each as Parts divides them into): the groups are built
// alike in the driver and in every server, so case i is the same case on
// both sides, and the driver runs its schedule, its calibration and its
// twins as in one process, each run timed in the server of its part.
type Fresh struct {
	// Start starts a server of the same groups (with the same selection).
	Start func() (*Server, error)
	// Parts is how many processes the rounds are shared among.
	Parts int

	cur   *Server
	names []string // the driver's case names, in the servers' order
	part  int
}

// Attach starts the first server, checks that it serves the groups' cases
// (every one, the twins included, and nothing else: else it is an error
// naming a case the session has and it does not serve, or the other way
// round), and makes every case of the groups run there, each in its own
// case: their Setup and Teardown are the servers' now. A twin is its own
// case in the server (Prepare's there too), so that it walks the inputs
// as any variant does rather than in step with its original.
func (f *Fresh) Attach(groups []*Group) error {
	s, err := f.start()
	if err != nil {
		return err
	}
	f.cur = s
	at := make(map[string]int, len(s.Cases))
	for i, c := range s.Cases {
		at[c.Name] = i
		f.names = append(f.names, c.Name)
	}
	session := map[string]bool{}
	var missing string
	for _, g := range groups {
		g.Setup, g.Teardown = nil, nil
		for _, c := range g.Cases {
			name := c.FullName()
			session[name] = true
			idx, ok := at[name]
			if !ok {
				missing = cmp.Or(missing, name)
				continue
			}
			c.Timed = func(n, lead int) (time.Duration, error) { return f.cur.Run(idx, n, lead) }
			c.Run = func(n int) {
				if _, err := f.cur.Run(idx, n, 0); err != nil {
					panic(err)
				}
			}
		}
	}
	var extra string
	for _, c := range s.Cases {
		if !session[c.Name] {
			extra = cmp.Or(extra, c.Name)
		}
	}
	switch {
	case missing != "" && extra != "":
		return fmt.Errorf("%s does not serve %s; it serves %s, which the session has not", s.Label, missing, extra)
	case missing != "":
		return fmt.Errorf("%s does not serve %s", s.Label, missing)
	case extra != "":
		return fmt.Errorf("%s serves %s, which the session has not", s.Label, extra)
	}
	return nil
}

// check says whether a server serves the driver's cases.
func (f *Fresh) check(s *Server) error {
	if len(s.Cases) != len(f.names) {
		return fmt.Errorf("%s serves %d cases, the session has %d", s.Label, len(s.Cases), len(f.names))
	}
	for i, c := range s.Cases {
		if c.Name != f.names[i] {
			return fmt.Errorf("%s serves %s as case %d, the session %s", s.Label, c.Name, i, f.names[i])
		}
	}
	return nil
}

func (f *Fresh) start() (*Server, error) {
	s, err := f.Start()
	if err != nil {
		return nil, fmt.Errorf("server of part %d: %v", f.part+1, err)
	}
	return s, nil
}

// BeforeRound is Options.BeforeRound for a session of count rounds: at
// the first round of each part after the first, the server of the last
// part ends and a fresh one starts.
func (f *Fresh) BeforeRound(count int) func(round int) error {
	parts := max(1, min(f.Parts, count))
	return func(round int) error {
		p := round * parts / count
		if p == f.part {
			return nil
		}
		f.part = p
		f.cur.Close()
		f.cur = nil
		s, err := f.start()
		if err != nil {
			return err
		}
		f.cur = s
		return f.check(s)
	}
}

// Close ends the server of the last part.
func (f *Fresh) Close() {
	if f.cur != nil {
		f.cur.Close()
		f.cur = nil
	}
}
