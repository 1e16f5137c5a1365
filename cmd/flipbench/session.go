package main

import (
	"context"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/store"
	"github.com/flipbench/flipbench/variants"
)

// A session is one run of a command that measures (bench, solve, pgo):
// its interrupt (Ctrl-C or SIGTERM cancels ctx, and a second one kills),
// its results file if it writes one (written as results come, marked
// incomplete when the run stops early), the upload of that file to
// -upload's server, and its progress.
type session struct {
	cmd    string          // the command, in messages
	ctx    context.Context // cancelled by an interrupt, or by interrupt (tests)
	cancel context.CancelFunc
	stop   func() // stops catching interrupts
	server *store.Server
	rf     *bench.ResultsFile
}

// newSession opens -upload's server (upload: its URL, or nothing) and
// catches interrupts from now until end.
func newSession(cmd, upload string) (*session, error) {
	server, err := openUpload(upload)
	if err != nil {
		return nil, err
	}
	sigCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigCtx.Done()
		stop() // the next interrupt kills (a killed run leaves its .partial file)
	}()
	ctx, cancel := context.WithCancel(sigCtx)
	return &session{cmd: cmd, ctx: ctx, cancel: cancel, stop: stop, server: server}, nil
}

// end stops catching interrupts.
func (s *session) end() {
	s.cancel()
	s.stop()
}

// interrupted reports whether the run was interrupted.
func (s *session) interrupted() bool { return s.ctx.Err() != nil }

// create opens the results file at path, after naming the unfinished
// files left in its folder (whose lock it takes; it says when it took
// over one left by a dead process).
func (s *session) create(path string) error {
	for _, f := range bench.StaleFiles(filepath.Dir(filepath.Dir(path))) {
		if filepath.Dir(f) == filepath.Dir(path) {
			fmt.Fprintf(os.Stderr, "flipbench %s: %s\n", s.cmd, bench.StaleNote(f))
		}
	}
	rf, err := bench.CreateResults(path)
	if err != nil {
		return err
	}
	if rf.Lock.TookOver != "" {
		fmt.Fprintf(os.Stderr, "flipbench %s: took over the lock of %s, left by %s\n", s.cmd, filepath.Dir(path), rf.Lock.TookOver)
	}
	s.rf = rf
	return nil
}

// close puts the results file in place, marked incomplete with why if
// why is not empty and it holds results; a second call does nothing.
// bench.ErrNoResults says there was nothing to keep.
func (s *session) close(why string) error {
	if s.rf == nil {
		return nil
	}
	rf := s.rf
	s.rf = nil
	if rf.Results() > 0 {
		if err := rf.WriteEnd(resultsfile.KeyLoadEnd, bench.LoadNow()); err != nil {
			fmt.Fprintf(os.Stderr, "flipbench %s: %s: %v\n", s.cmd, rf.Path, err)
		}
	}
	if why != "" && rf.Results() > 0 {
		if err := rf.MarkIncomplete(why); err != nil {
			fmt.Fprintf(os.Stderr, "flipbench %s: %s: %v\n", s.cmd, rf.Path, err)
		}
	}
	return rf.Close()
}

// machineState reads the machine's state before a session, warns on
// stderr where it will spoil the figures (another flipbench, a busy
// machine, a scaling governor), and returns its lines for the results
// file.
func machineState(cmd string) [][2]string {
	st := bench.ReadMachineState(variants.HypervisorVendor(), os.Getpid())
	for _, w := range st.Warnings(runtime.NumCPU()) {
		fmt.Fprintf(os.Stderr, "flipbench %s: warning: %s\n", cmd, w)
	}
	return st.Config()
}

// warnIfDown warns, before the run, when -upload's server does not answer.
func (s *session) warnIfDown() {
	if s.server != nil {
		warnIfDown(s.server)
	}
}

// upload sends the results file at path to -upload's server, if any,
// saying so on w; the file stays where it is whatever happens.
func (s *session) upload(w io.Writer, path string) error {
	if s.server == nil {
		return nil
	}
	return uploadAfterRun(w, s.server, path)
}

// ---- progress ----

// newProgress is the progress of a bench: auto (a bar where stderr is a
// terminal, else lines), bar, lines or off.
func newProgress(mode string) bench.Progress {
	tty := term.IsTerminal(int(os.Stderr.Fd()))
	switch mode {
	case "off":
		return nil
	case "lines":
		return &lineProgress{}
	case "bar":
		return &barProgress{}
	}
	if tty {
		return &barProgress{}
	}
	return &lineProgress{}
}

// barProgress is a terminal progress bar over the planned time: its
// length is the session's planned duration, and each finished run adds
// its planned share, so the time left is the library's estimate from the
// real pace.
type barProgress struct {
	bar        *progressbar.ProgressBar
	runs, done int
}

func (p *barProgress) Start(total time.Duration, runs int) {
	p.runs = runs
	p.bar = progressbar.NewOptions64(total.Milliseconds(),
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetWidth(24),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true))
}

func (p *barProgress) Runs(runs int) { p.runs = p.done + runs }

func (p *barProgress) Run(what string) {
	p.bar.Describe(fmt.Sprintf("%d/%d %s", p.done+1, p.runs, what))
}

func (p *barProgress) Done(planned time.Duration) {
	p.done++
	p.bar.Add64(planned.Milliseconds())
}

func (p *barProgress) Finish() { p.bar.Finish() }

// lineProgress prints a line at most every 10 seconds (logs, CI).
type lineProgress struct {
	total, done time.Duration
	runs, n     int
	start, last time.Time
	what        string
}

func (p *lineProgress) Start(total time.Duration, runs int) {
	p.total, p.runs, p.start = total, runs, time.Now()
	p.last = p.start
}

func (p *lineProgress) Runs(runs int) { p.runs = p.n + runs }

func (p *lineProgress) Run(what string) { p.what = what }

func (p *lineProgress) Done(planned time.Duration) {
	p.done += planned
	p.n++
	if time.Since(p.last) < 10*time.Second && p.n < p.runs {
		return
	}
	p.last = time.Now()
	el := time.Since(p.start)
	left := time.Duration(0)
	if p.done > 0 {
		left = time.Duration(float64(el) * float64(p.total-p.done) / float64(p.done))
	}
	fmt.Fprintf(os.Stderr, "bench: %3.0f%% %d/%d runs, %v elapsed, about %v left; last: %s\n",
		100*float64(p.done)/float64(p.total), p.n, p.runs, el.Round(time.Second), left.Round(time.Second), p.what)
}

func (p *lineProgress) Finish() {}
