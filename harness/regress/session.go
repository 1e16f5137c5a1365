package regress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
)

// Side is one revision: its tree in the cache, its CLI and its benchmark
// servers, one per layout (BuildServer), each built twice: with the heap
// at a fixed base (the screen's) and at Go's random one (the
// confirmation's).
type Side struct {
	Label, Rev          string // OLD or NEW, and the revision (Worktree for the working tree)
	ID, Dir, CLI        string
	Servers, RandomHeap []string
}

// Build extracts the revision and builds its CLI (with env) and its
// servers (the screen's with serverEnv, the confirmation's with env), the
// servers two at a time. A revision that is no commit is a RevisionError.
func (s *Side) Build(root, cache string, env, serverEnv []string) error {
	t, err := Extract(root, cache, s.Rev)
	var re *RevisionError
	if errors.As(err, &re) {
		return fmt.Errorf("%s %w", s.Label, err)
	}
	if err != nil {
		return err
	}
	s.ID, s.Dir, s.CLI = t.ID, t.Dir, filepath.Join(cache, "bin", t.ID+".flipbench")
	if err := GoBuild(s.Dir, s.CLI, "./cmd/flipbench", env); err != nil {
		return fmt.Errorf("%s: %v", s.Label, err)
	}
	s.Servers, s.RandomHeap = make([]string, Layouts), make([]string, Layouts)
	errs := make([]error, 2*Layouts)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for l := range Layouts {
		for k, env := range [][]string{serverEnv, env} {
			bin := filepath.Join(cache, "bin", fmt.Sprintf("%s.server-%d", s.ID, l))
			dst := &s.Servers[l]
			if k == 1 {
				bin += "-random-heap"
				dst = &s.RandomHeap[l]
			}
			*dst = bin
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				if err := BuildServer(s.Dir, bin, env, l); err != nil {
					errs[2*l+k] = fmt.Errorf("%s: %v", s.Label, err)
				}
			}()
		}
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Session is how OLD's and NEW's servers are run against each other: the
// screen's sessions (Screen), then the suspects' (Confirm).
type Session struct {
	Root  string
	Sides [2]*Side // OLD, NEW
	Bench string   // a regexp over the benchmarks' names
	// Count is the screen's rounds, split over ScreenSessions sessions
	// of fresh server processes; each round runs every benchmark's OLD
	// and NEW Runs times per layout.
	Count, ScreenSessions, Runs int
	Layouts                     int           // the screen's layouts (1..Layouts)
	ScreenTime                  time.Duration // at most this long for the screen (0: no limit)
	BenchTime                   time.Duration // one run's target duration
	// Text says the output is text: the notes on the screen and the
	// confirmation go to Out.
	Text bool
	// Out gets the notes, Err the benchmarks not compared.
	Out, Err io.Writer
	// KeepFiles keeps the confirmation's raw results (else removed).
	KeepFiles bool
	// Config, if set, returns the configuration lines of a session's
	// results (the machine's), called as the session starts.
	Config func() [][2]string
	// Progress, if set, returns the progress of a session, called as it
	// starts.
	Progress func() bench.Progress

	randomHeap bool // the servers with Go's random heap base (the confirmation's)
}

// BenchPattern is the regexp -bench gives: the benchmarks are
// Kernel/kernel=K/variant=V/form=F, and a leading kernel= is taken as
// Kernel/kernel=K/ (K whole where it is a plain name).
func BenchPattern(bench string) string {
	if !strings.HasPrefix(bench, "kernel=") {
		return bench
	}
	bench = "Kernel/" + bench
	if !strings.HasSuffix(bench, "/") && !strings.ContainsAny(bench[len("Kernel/kernel="):], "/.*+?()[]|") {
		bench += "/"
	}
	return bench
}

// NoPairsError is a session where no benchmark both sides have matches
// the -bench regexp.
type NoPairsError struct{ Bench string }

func (e *NoPairsError) Error() string {
	return fmt.Sprintf("no benchmark both sides have matches %q", e.Bench)
}

// ScreenRounds is the rounds of one of the screen's sessions.
func (s Session) ScreenRounds() int { return (s.Count + s.ScreenSessions - 1) / s.ScreenSessions }

// ErrNothingCompared is a screen whose results have no benchmark of both
// sides.
var ErrNothingCompared = errors.New("no benchmark present on both sides")

// Screen runs the screen's sessions, the first into out, the others
// beside it (ScreenFiles) unless the first ran the screen alone to keep
// within ScreenTime, and compares their results with the margin.
func (s Session) Screen(out string, margin float64) (changes, twins []Change, err error) {
	so := s
	so.Count = s.ScreenRounds()
	files := ScreenFiles(out, s.ScreenSessions)
	alone := false
	for i, f := range files {
		if err := so.run(f, i, &alone); err != nil {
			return nil, nil, err
		}
		if alone {
			files = files[:1]
			break
		}
	}
	ds, err := stats.ReadResults(files...)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range ds.Problems {
		fmt.Fprintln(s.Err, "warning:", p)
	}
	changes, twins = Changes(ds, margin, 0.95, 0, Pairs)
	if len(changes) == 0 {
		return nil, nil, ErrNothingCompared
	}
	if s.Text {
		fmt.Fprintln(s.Out)
		WriteChanges(s.Out, changes, true)
		WriteTwins(s.Out, twins, margin)
	}
	return changes, twins, nil
}

// ScreenFiles is where the screen's sessions write their raw results:
// out, then out.screen-2 and on.
func ScreenFiles(out string, sessions int) []string {
	files := []string{out}
	for i := 2; i <= sessions; i++ {
		files = append(files, fmt.Sprintf("%s.screen-%d", out, i))
	}
	return files
}

// run runs a session (the screen's session-th, or a confirming one, -1):
// both sides' servers, every benchmark both have as a pair taking turns,
// s.Count rounds, into the results file out. A screen's first session
// that would make the screen outlast ScreenTime runs it all instead, in
// fewer rounds, and sets *alone.
func (s Session) run(out string, session int, alone *bool) error {
	only := regexp.MustCompile(s.Bench)
	servers, err := s.startServers(only)
	defer func() {
		for _, svs := range servers {
			for _, sv := range svs {
				if sv != nil {
					sv.Close()
				}
			}
		}
	}()
	if err != nil {
		return err
	}
	groups, unpaired := Pair(servers[0], servers[1], only)
	for _, c := range unpaired {
		fmt.Fprintln(s.Err, "not compared:", c)
	}
	if len(groups) == 0 {
		return &NoPairsError{s.Bench}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := resultsfile.NewWriter(f)
	bo := bench.Options{Count: s.Count, Runs: s.Runs, BenchTime: s.BenchTime, Warmup: 10 * time.Millisecond, Twins: true}
	if s.Progress != nil {
		bo.Progress = s.Progress()
	}
	if !s.randomHeap && s.ScreenTime > 0 && session == 0 {
		s.fitScreenTime(groups, &bo, alone)
	}
	if s.Config != nil {
		bo.Config = s.Config()
	}
	bo.Config = append(bo.Config,
		[2]string{resultsfile.KeyRegressOld, Describe(s.Root, s.Sides[0].Rev)}, [2]string{resultsfile.KeyRegressNew, Describe(s.Root, s.Sides[1].Rev)})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	runErr := bench.Run(ctx, groups, bo, func(r *benchfmt.Result) error { return w.Write(r) })
	if err := f.Close(); err != nil {
		return err
	}
	if runErr != nil {
		return fmt.Errorf("the benchmarks: %v", runErr)
	}
	return nil
}

// startServers starts both sides' servers of the session's layouts, all
// at once: a server makes its inputs as it starts (nothing is timed yet),
// and a confirmation starts both sides' in every layout each session. The servers
// started are returned with the error, to be closed.
func (s Session) startServers(only *regexp.Regexp) ([2][]*bench.Server, error) {
	var servers [2][]*bench.Server
	var errs [2][]error
	var wg sync.WaitGroup
	for i, sd := range s.Sides {
		servers[i] = make([]*bench.Server, s.Layouts)
		errs[i] = make([]error, s.Layouts)
		bins := sd.Servers
		if s.randomHeap {
			bins = sd.RandomHeap
		}
		for l, bin := range bins[:s.Layouts] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				servers[i][l], errs[i][l] = StartServer(fmt.Sprintf("%s layout %d", sd.Label, l), bin, only)
			}()
		}
	}
	wg.Wait()
	for i := range s.Sides {
		if err := errors.Join(errs[i]...); err != nil {
			return servers, err
		}
	}
	return servers, nil
}

// fitScreenTime keeps the screen of many benchmarks (every kernel's)
// within its time: one session (each calibrates every benchmark afresh,
// which for every kernel costs more than a round) of fewer rounds; each
// benchmark's "would suspect" says what it costs.
func (s Session) fitScreenTime(groups []*bench.Group, bo *bench.Options, alone *bool) {
	plan, _ := bench.Plan(groups, *bo)
	est := time.Duration(screenWallPerPlanned * float64(plan) * float64(s.ScreenSessions))
	if est <= s.ScreenTime {
		return
	}
	total := s.Count * s.ScreenSessions
	bo.Count = max(minScreenRounds, int(float64(total)*float64(s.ScreenTime)/float64(est)))
	*alone = true
	if s.Text {
		fmt.Fprintf(s.Out, "screen: %d rounds in one session, not %d in %d, to take about -screen-time %v, not %v\n", bo.Count, total, s.ScreenSessions, s.ScreenTime, est.Round(time.Second))
	}
}

// screenWallPerPlanned is a screen's wall time over its plan (bench.Plan:
// the timed runs and a runner's lead-in): the server's longer lead-in, the
// round trips and the calibration (docs/regress.md has the measurements).
const screenWallPerPlanned = 1.8

// minScreenRounds is the fewest rounds ScreenTime leaves a screen.
const minScreenRounds = 10

// Confirm runs the suspects (the screening session's benchmarks that
// look slower, Suspects) again by themselves, the most clearly slower
// MaxSuspects of them, ConfirmRounds times the rounds, split over
// ConfirmProcesses sessions of fresh server processes, and compares them
// on those sessions' own family-wise intervals with the process as unit
// (new runs: the screen only chose what to look at again). The Undecided
// nearest a regression get as many sessions more, judged over all of
// theirs (SecondLook). Its raw results go beside out, as out.confirm-1
// and on.
func (s Session) Confirm(out string, suspects []Change, margin float64) ([]Change, error) {
	if len(suspects) == 0 {
		return nil, nil
	}
	if len(suspects) > MaxSuspects {
		fmt.Fprintf(s.Out, "\nnot confirmed (%d suspects, at most %d confirmed, the most clearly slower first; rerun with -bench to look at them): %s\n",
			len(suspects), MaxSuspects, ChangeNames(suspects[MaxSuspects:]))
		suspects = suspects[:MaxSuspects]
	}
	c := s.confirming()
	if s.Text {
		fmt.Fprintf(s.Out, "\n== confirming %d suspects by themselves: %d sessions of fresh processes in %d layouts, %d rounds each\n", len(suspects), ConfirmProcesses, c.Layouts, c.Count)
	}
	var files []string
	if !s.KeepFiles {
		defer func() {
			for _, f := range files {
				os.Remove(f)
			}
		}()
	}
	family := ConfirmLooks * len(suspects)
	var confirmed, twins []Change
	again := suspects
	for n := range ConfirmLooks {
		if n > 0 {
			if again = SecondLook(confirmed); len(again) == 0 {
				break
			}
			if s.Text {
				fmt.Fprintf(s.Out, "\n== undecided after %d sessions, %d more of them by themselves: %s\n", len(files), ConfirmProcesses, ChangeNames(again))
			}
		}
		if err := c.look(again, out, &files); err != nil {
			return nil, err
		}
		ds, err := stats.ReadResults(files...)
		if err != nil {
			return nil, err
		}
		confirmed, twins = Changes(ds, margin, 0.95, family, Processes)
	}
	if s.Text {
		fmt.Fprintln(s.Out)
		WriteChanges(s.Out, confirmed, false)
		WriteTwins(s.Out, twins, margin)
	}
	return confirmed, nil
}

// confirming is the session of the confirmation: every layout (where the
// code falls against the 128-byte lines, a side's own shift included,
// cancels only over all of them), the screen's pairs per benchmark times
// ConfirmRounds over all the sessions; and the heap where Go puts it, at
// random: a buffer's place against another's (4K aliasing, say) is then
// one more thing that differs by process, which the process unit
// averages, where a fixed base makes it one binary's lasting bias.
func (s Session) confirming() Session {
	c := s
	c.Layouts = Layouts
	c.randomHeap = true
	c.Count = max(stats.MinPairs, s.Count*s.Layouts*ConfirmRounds/(ConfirmProcesses*Layouts))
	return c
}

// look runs ConfirmProcesses sessions of the benchmarks cs, each into the
// next of out.confirm-N, appended to *files.
func (s Session) look(cs []Change, out string, files *[]string) error {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = regexp.QuoteMeta(c.Name)
	}
	s.Bench = "^(" + strings.Join(names, "|") + ")$"
	for range ConfirmProcesses {
		file := fmt.Sprintf("%s.confirm-%d", out, len(*files)+1)
		*files = append(*files, file)
		if err := s.run(file, -1, nil); err != nil {
			return err
		}
	}
	return nil
}

// ChangeNames is the changes' benchmarks, comma-separated.
func ChangeNames(cs []Change) string {
	var names []string
	for _, c := range cs {
		names = append(names, strings.TrimPrefix(c.Name, "Kernel/"))
	}
	return strings.Join(names, ", ")
}

// WriteTwins summarises the A/A twins: OLD's copy of one case per group
// against the case itself. Any that "differs" on its family-wise interval
// (the one regressions are judged on) says the machine was too noisy for
// this session's verdicts.
func WriteTwins(w io.Writer, twins []Change, margin float64) {
	equal, differ := TwinVerdicts(twins)
	fmt.Fprintf(w, "\nA/A twins: %d of %d equal to their original (90%% interval within ±%.3g%%)\n", equal, len(twins), 100*margin)
	for _, d := range differ {
		fmt.Fprintf(w, "WARNING: A/A twin differs: %s %s: this session's verdicts are not to be trusted; run again\n", d.Name, d.Family.Detail())
	}
}

// Summary says what a comparison looked at and what it could see.
func Summary(screened, confirmed []Change, took time.Duration) string {
	ds := Suspectable(screened)
	slices.Sort(ds)
	return fmt.Sprintf("%d benchmarks screened, %d suspects confirmed by themselves, in %v; a slowdown of %.1f%% or more would have been a suspect in half of them, of %.1f%% in all (each row's is under \"would suspect\"); a regression is a confirmed suspect slower beyond the margin, its %s interval beyond half of it (family-wise: any false flag at most 5%% likely)",
		len(screened), len(confirmed), took.Round(time.Second), 100*ds[len(ds)/2], 100*ds[len(ds)-1], familyLabel(confirmed))
}

// WriteResult writes a comparison to w in format md (a Markdown table,
// the verdict line first, problems the regressions found), json or csv;
// text, written as the comparison went, writes nothing here.
func WriteResult(w io.Writer, format string, problems []string, changes, twins, confirmed []Change, took time.Duration) error {
	switch format {
	case "json":
		return WriteJSON(w, changes, twins, confirmed)
	case "csv":
		return WriteCSV(w, changes, twins, confirmed)
	case "md":
		line := "**no regression**"
		if len(problems) > 0 {
			line = "**REGRESSION**: " + strings.Join(problems, "; ")
		}
		line += ": " + Summary(changes, confirmed, took)
		return WriteMarkdown(w, line, changes, twins, confirmed)
	}
	return nil
}

// familyLabel is the confirming session's family-wise confidence, "95%"
// where there was none.
func familyLabel(cs []Change) string {
	if len(cs) == 0 {
		return "95%"
	}
	return fmt.Sprintf("%.4g%%", 100*cs[0].Family.Confidence)
}

// CrossCheck runs the cross-check of side s's CLI (n random cases per
// kernel; only the kernel bench names, if it names one) and writes its
// lines but the passing ones to w: a failure is a kernel bug, whatever
// the speed. It returns the failure, if any.
func CrossCheck(w io.Writer, s *Side, n int, bench string) []string {
	args := []string{"check", "-n", fmt.Sprint(n)}
	if m := regexp.MustCompile(`^Kernel/kernel=([a-z_0-9]+)/`).FindStringSubmatch(bench); m != nil {
		args = append(args, "-kernel", m[1])
	}
	out, err := exec.Command(s.CLI, args...).CombinedOutput()
	fmt.Fprintf(w, "\n== cross-check %s (%s)\n", s.Label, strings.Join(args, " "))
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "ok ") && !strings.HasPrefix(l, "skip ") {
			fmt.Fprintln(w, l)
		}
	}
	if err != nil {
		return []string{fmt.Sprintf("%s fails the cross-check: %s", s.Label, lines[len(lines)-1])}
	}
	return nil
}

// CompareFingerprints writes to w whether the sides' solvers search the
// FFO set alike: a changed node count is a search change.
func CompareFingerprints(w io.Writer, sides [2]*Side, set string) {
	var fps [2]string
	var outs [2][]byte
	var errs [2]error
	var wg sync.WaitGroup
	for i, s := range sides {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = exec.Command(s.CLI, "solve", "-set", set, "-fingerprint").CombinedOutput()
		}()
	}
	wg.Wait()
	for i, s := range sides {
		fps[i] = Fingerprint(string(outs[i]))
		if errs[i] != nil || fps[i] == "" {
			fps[i] = ""
			fmt.Fprintf(w, "\n%s: no solver fingerprint (%s)\n", s.Label, firstLine(string(outs[i]), errs[i]))
		}
	}
	if fps[0] != "" && fps[1] != "" {
		if fps[0] != fps[1] {
			fmt.Fprintf(w, "\nSEARCH CHANGE: %s fingerprint %s -> %s (node counts differ: the search, not only a kernel, changed)\n", set, fps[0], fps[1])
		} else {
			fmt.Fprintf(w, "\nsolver fingerprint on %s unchanged: %s\n", set, fps[0])
		}
	}
}

var fingerprintRE = regexp.MustCompile(`(?m)^fingerprint:?\s+([0-9a-f]+)`)

// Fingerprint is the solver fingerprint in the output of flipbench solve
// -fingerprint, "" if there is none.
func Fingerprint(out string) string {
	if m := fingerprintRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	return ""
}

func firstLine(s string, err error) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if s == "" && err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.String()
		}
		return err.Error()
	}
	return s
}
