package bench

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// A Case is one micro-benchmark: one kernel, one variant, one form
// (and a size where the kernel has one). Run executes n operations; one
// operation is one kernel call on one input (one element of a batch), one
// whole clear of a table, or one solve of a whole set.
type Case struct {
	// Name is the benchmark's base name: "Kernel" or
	// "Solve". Keys are its name keys in order (kernel, variant, form,
	// size...), written as Name/key=value/... .
	Name string
	Keys [][2]string
	// Bytes is the number of bytes one operation writes; when not zero the
	// result carries GB/s beside ns/op.
	Bytes int64
	// Run executes n operations.
	Run func(n int)
	// New, when set, makes another Run of the same code on the same
	// inputs with state of its own (its walk through the inputs, and what
	// else its Run keeps: eval_update's per-call output), as another
	// variant's: an A/A twin runs one, so that it meets what a variant's
	// own state costs, as its original does.
	New func() func(n int)
	// Timed, when set, stands for Run: it runs lead operations untimed,
	// then n more, and says how long those n took (a case run in another
	// process, which times itself).
	Timed func(n, lead int) (time.Duration, error)
	// Metrics, when set, returns extra per-operation figures of the last
	// Run (unit -> value), such as nodes/op of a solve.
	Metrics func() map[string]float64
	// NoWarmup marks a long operation (a whole solve): one operation per
	// run, no calibration and no untimed lead-in; the group's first run
	// warms what matters.
	NoWarmup bool
	// Config holds configuration lines of this case's results only, after
	// the session's (impl: go, asm, gosimd: the kind of the variant).
	Config [][2]string
	// Period is for a kernel whose cost comes once every Period calls (the
	// generation clear's wrap): its runs make whole periods, so that each
	// pays it alike and a run's time per operation is the amortized cost
	// (a run shorter than the period mostly pays nothing). 0: none.
	Period int
	// PlanOp is a guess of one operation's duration before any run, so the
	// progress bar's time left is sane from the start (0: unknown, short).
	PlanOp time.Duration

	nsPerOp  float64       // estimate from the calibration
	n        int           // operations per measured run, fixed after the calibration
	perRound int           // runs per round, fixed after the calibration
	planned  time.Duration // a round's planned time (Plan's), for Progress
}

// TwinKey is the name key of an A/A twin (TwinKey=1): a second copy of one
// case of its group, the same code under another name. Its paired verdict
// against the original is the session's own false-positive check.
const TwinKey = "twin"

// Key returns the value of a name key, "" if absent.
func (c *Case) Key(k string) string {
	for _, kv := range c.Keys {
		if kv[0] == k {
			return kv[1]
		}
	}
	return ""
}

// SubName is the name below the base: "kernel=flip/variant=avx2/form=call".
func (c *Case) SubName() string {
	parts := make([]string, len(c.Keys))
	for i, kv := range c.Keys {
		parts[i] = kv[0] + "=" + kv[1]
	}
	return strings.Join(parts, "/")
}

// FullName is the benchmark name without the "Benchmark" prefix.
func (c *Case) FullName() string { return c.Name + "/" + c.SubName() }

// twin is a copy of c under the name key TwinKey=1: the same code, its
// own walk through the inputs where c can make one (New).
func (c *Case) twin() *Case {
	t := *c
	if c.New != nil {
		t.Run = c.New()
	}
	t.Keys = append(slices.Clone(c.Keys), [2]string{TwinKey, "1"})
	t.Config = slices.Clone(c.Config)
	return &t
}

// A Group holds cases that are compared with each other: the variants of
// one kernel in one form and size. Setup allocates what the cases share (a
// hash table) and Teardown frees it; both may be nil.
type Group struct {
	Title string
	Cases []*Case
	// Twin, when not nil, is the case an A/A twin copies (Options.Twins).
	Twin *Case
	// Units, when set, lists cases (indexes into Cases) that a round runs
	// back to back, in a random order within the unit: OLD and NEW of one
	// benchmark in regress. By default every case is a unit of its own.
	Units    [][]int
	Setup    func() error
	Teardown func()
}

// Options controls a benchmark session.
type Options struct {
	Count int // rounds: visits of every case
	// Runs is the timed runs of a case in each round (at least 1): the
	// round goes over its group's cases Runs times, each time in a fresh
	// random order. A shared machine's neighbours slow it in bursts of
	// milliseconds to seconds; a case's best run of the round is one they
	// missed. Cases of long operations (NoWarmup) run once per round.
	Runs      int
	BenchTime time.Duration // target duration of one measured run
	// Warmup is the calibration of every case before the first round (the
	// warm-up round): it sets the operations per run and warms caches,
	// branch predictors and the clock, so that round 1 is no outlier.
	Warmup time.Duration
	// Seed orders the rounds (0: from the clock); the file says which.
	Seed uint64
	// Twins adds to every group with a Twin its A/A twin.
	Twins bool
	// LeadIn is the share of a run's operations run untimed just before
	// it (0: DefaultLeadIn): the other cases ran since and took the
	// caches and the branch predictor.
	LeadIn float64
	// Counters has every run also read the cycles and instructions it
	// took (hardware counters: ProbeCounters says whether this machine
	// has them), written as cycles/op and instructions/op.
	Counters bool
	// Config holds the file configuration lines written before the
	// results (machine, commit, date...).
	Config [][2]string
	// BeforeRound, when set, is called before each round (from 0), after
	// the calibration: a served session starts a fresh server there
	// (Fresh.BeforeRound).
	BeforeRound func(round int) error
	// Progress, when set, is called before each run with what runs and
	// after it with the planned time it used up.
	Progress Progress
}

// Progress reports a session's advance: Start with the planned total,
// Runs with the count of timed runs to come once the calibration has
// fixed it, Run before each run, Done after it with the planned share it
// used, and Finish at the end.
type Progress interface {
	Start(total time.Duration, runs int)
	Runs(runs int)
	Run(what string)
	Done(planned time.Duration)
	Finish()
}

// DefaultProcesses is how many fresh processes a session's rounds are
// shared among (Fresh): each process's placement is its own lasting bias,
// and the figures average several (docs/notes/2026-11-test-retest.md: 16 reproduced
// better than 8 at the same session time, with ServerWarmup).
const DefaultProcesses = 16

// ServerWarmup is the most a fresh server warms each of its cases (Serve):
// enough to bring in the case's code, inputs and pages; the estimate that
// needs the longer Warmup is the driver's calibration, made once.
const ServerWarmup = 3 * time.Millisecond

// DefaultOptions are the defaults of flipbench bench: many short runs, so
// that every case is measured all through the session, in rounds.
var DefaultOptions = Options{Count: 24, Runs: 4, BenchTime: 4 * time.Millisecond, Warmup: 10 * time.Millisecond, Twins: true}

// Schedule names the measurement design in a results file (the schedule
// configuration line): rounds, each running every case of every group
// resultsfile.KeyRuns times (the groups in a fresh random order, each
// gone over that many times, its cases in a fresh random order each time); the
// readers compare cases round by round.
const Schedule = "rounds"

// DefaultLeadIn is Options.LeadIn's default.
const DefaultLeadIn = 1.0 / 16

// leadIn is o.LeadIn, DefaultLeadIn where it is not set.
func (o Options) leadIn() float64 { return cmp.Or(o.LeadIn, DefaultLeadIn) }

// leadOps is the untimed lead-in of a run of n operations.
func (o Options) leadOps(n int) int { return int(float64(n) * o.leadIn()) }

// SessionConfig is the configuration lines Run adds after o.Config: the
// schedule, rounds, run length and seed.
func SessionConfig(o Options) [][2]string {
	return [][2]string{
		{resultsfile.KeySchedule, Schedule},
		{resultsfile.KeyCount, strconv.Itoa(o.Count)},
		{resultsfile.KeyBenchtime, o.BenchTime.String()},
		{resultsfile.KeySeed, strconv.FormatUint(o.Seed, 10)},
		{resultsfile.KeyLeadIn, strconv.FormatFloat(o.leadIn(), 'g', 4, 64)},
	}
}

// Prepare fills the defaults Run would and adds the twins: call it before
// Plan and SessionConfig to see what Run will do.
func Prepare(groups []*Group, o *Options) {
	if o.Count < 1 {
		o.Count = 1
	}
	if o.Runs < 1 {
		o.Runs = 1
	}
	if o.Seed == 0 {
		o.Seed = uint64(time.Now().UnixNano())
	}
	if !o.Twins {
		return
	}
	for _, g := range groups {
		if g.Twin == nil || slices.ContainsFunc(g.Cases, func(c *Case) bool { return c.Key(TwinKey) != "" }) {
			continue
		}
		i := slices.Index(g.Cases, g.Twin)
		if i < 0 {
			continue
		}
		g.Cases = append(g.Cases, g.Twin.twin())
		if g.Units != nil {
			for u, unit := range g.Units {
				if slices.Contains(unit, i) {
					g.Units[u] = append(unit, len(g.Cases)-1)
				}
			}
		}
	}
}

// Plan returns the planned duration of a session, for the progress bar.
func Plan(groups []*Group, o Options) (total time.Duration, runs int) {
	for _, g := range groups {
		for _, c := range g.Cases {
			if !c.NoWarmup {
				total += max(o.Warmup, c.PlanOp)
			}
			total += time.Duration(o.Count) * planRun(c, o)
			runs += o.Count * c.runs(o)
		}
	}
	return
}

// planRun is the planned duration of one visit: its runs of at least
// BenchTime each, one operation when they are long, with its untimed
// lead-in.
func planRun(c *Case, o Options) time.Duration {
	d := max(o.BenchTime, c.PlanOp)
	if !c.NoWarmup {
		d += time.Duration(float64(d) * o.leadIn())
	}
	return d * time.Duration(c.runs(o))
}

// runs is the timed runs of c in each round: Runs, fewer where one
// operation outlasts a run (the calibration knows, the plan guesses from
// PlanOp), one for long operations (NoWarmup).
func (c *Case) runs(o Options) int {
	switch {
	case c.perRound > 0:
		return c.perRound
	case c.NoWarmup:
		return 1
	}
	return perRoundFor(o, c.PlanOp)
}

// perRoundFor is the runs per round of a case whose operation takes op:
// Runs, or where op outlasts a run, as many runs of one operation as fill
// the round's time for a case (at least one).
func perRoundFor(o Options, op time.Duration) int {
	k := max(o.Runs, 1)
	if op > o.BenchTime {
		k = max(1, min(k, int(time.Duration(k)*o.BenchTime/op)))
	}
	return k
}

// Run runs a session: every group set up, a warm-up round that
// calibrates every case, then Count rounds, each running every case of
// every group once, the groups and the cases (or units) in each group in
// a fresh random order, and hands each finished result to emit at once
// (so an interrupted session keeps what it finished). Spreading a case's
// runs over the whole session lets each meet the machine's quiet and busy
// periods alike, and runs of one round are close in time, so that the
// readers compare cases by their per-round ratios. It stops between runs
// when ctx is done and returns ctx.Err().
func Run(ctx context.Context, groups []*Group, o Options, emit func(*benchfmt.Result) error) error {
	Prepare(groups, &o)
	if o.Progress != nil {
		o.Progress.Start(Plan(groups, o))
		defer o.Progress.Finish()
	}
	var live []*Group
	defer func() {
		for _, g := range live {
			if g.Teardown != nil {
				g.Teardown()
			}
		}
	}()
	for _, g := range groups {
		if len(g.Cases) == 0 {
			continue
		}
		if g.Setup != nil {
			if err := g.Setup(); err != nil {
				return fmt.Errorf("%s: %v", g.Title, err)
			}
		}
		live = append(live, g)
	}
	runtime.GC()
	cfg := append(slices.Clone(o.Config), SessionConfig(o)...)
	var hw *counters
	if o.Counters {
		// the counters count the thread that opened them
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var err error
		if hw, err = openCounters(); err != nil {
			return err
		}
		defer hw.close()
	}
	for _, g := range live {
		for _, c := range g.Cases {
			if err := ctx.Err(); err != nil {
				return err
			}
			// each round's share of the plan Progress started with, which
			// the calibration's runs per round divide
			c.planned = planRun(c, o)
			if err := c.calibrate(o); err != nil {
				return err
			}
			if o.Progress != nil && !c.NoWarmup {
				o.Progress.Done(max(o.Warmup, c.PlanOp))
			}
		}
	}
	if o.Progress != nil {
		_, runs := Plan(groups, o) // the calibrated runs per round now
		o.Progress.Runs(runs)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x666c6970))
	for round := 0; round < o.Count; round++ {
		if o.BeforeRound != nil {
			if err := o.BeforeRound(round); err != nil {
				return err
			}
		}
		runtime.GC()
		for _, gi := range rng.Perm(len(live)) {
			g := live[gi]
			for pass := 0; pass < passes(g, o); pass++ {
				for _, c := range order(g, rng) {
					if pass >= c.runs(o) {
						continue
					}
					if err := ctx.Err(); err != nil {
						return err
					}
					if o.Progress != nil {
						o.Progress.Run(fmt.Sprintf("%s %d/%d", c.SubName(), round+1, o.Count))
					}
					r, err := c.measure(o, cfg, hw)
					if err != nil {
						return err
					}
					if o.Progress != nil {
						o.Progress.Done(c.planned / time.Duration(c.runs(o)))
					}
					if err := emit(r); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// passes is how many times a round goes over a group's cases: once per
// run of its cases.
func passes(g *Group, o Options) int {
	n := 1
	for _, c := range g.Cases {
		n = max(n, c.runs(o))
	}
	return n
}

// order is one round of a group: its units in a random order, the cases
// of each unit in a random order.
func order(g *Group, rng *rand.Rand) []*Case {
	units := g.Units
	if units == nil {
		units = make([][]int, len(g.Cases))
		for i := range g.Cases {
			units[i] = []int{i}
		}
	}
	var out []*Case
	for _, u := range rng.Perm(len(units)) {
		unit := units[u]
		for _, i := range rng.Perm(len(unit)) {
			out = append(out, g.Cases[unit[i]])
		}
	}
	return out
}

// calibrate sets the operations per run: growing batches until Warmup has
// passed, the time per operation that of the last and largest batch (not
// the least seen: a kernel with a cost paid every so many calls, as the
// generation clear's wrap, looks free in a small batch). The first batch
// never ends it: a first call pays for cold caches, page faults and lazy
// set-up, and a case calibrated on it alone ran one operation per run
// (eval_sum's gathers, at many times their time).
// A long operation (NoWarmup) is run once per run, uncalibrated.
func (c *Case) calibrate(o Options) error {
	if c.NoWarmup {
		c.n, c.perRound = 1, 1
		return nil
	}
	return c.try(func() {
		// two batches at least: the first, cold, is no estimate
		n := c.grow(o.Warmup, 2)
		// a burst only adds time: the last batch again, the same size (a
		// smaller one would miss a cost paid every so many calls), and the
		// faster of the two (a run sized on a slowed batch is short, and
		// a short run of a cache-hungry kernel, eval_sum's gathers, is
		// slow by itself)
		el := c.time(n, 0)
		c.nsPerOp = min(c.nsPerOp, float64(max(el.Nanoseconds(), 1))/float64(n))
		c.n = itersFor(o.BenchTime, c.nsPerOp)
		op := time.Duration(c.nsPerOp)
		if c.Period > 1 {
			c.n = (c.n + c.Period - 1) / c.Period * c.Period
			op = time.Duration(float64(c.n) * c.nsPerOp) // a run may outlast BenchTime
		}
		c.perRound = perRoundFor(o, op)
	})
}

// grow runs batches of the case, each aimed at half the time left, until
// warmup has passed and at least minBatches have run (or a batch alone
// took half of warmup), and returns the last batch's size; c.nsPerOp is
// its time per operation. A case with a Period runs whole periods in
// every batch: a batch of a few calls that met the periodic cost (or
// missed it) would make the estimate whatever phase the case was in.
func (c *Case) grow(warmup time.Duration, minBatches int) int {
	step := max(c.Period, 1)
	n := step
	var total time.Duration
	for batch := 1; ; batch++ {
		el := c.time(n, 0)
		total += el
		c.nsPerOp = float64(max(el.Nanoseconds(), 1)) / float64(n)
		if batch >= minBatches && (total >= warmup || el >= warmup/2) {
			return n
		}
		// aim the next batch at half the remaining time, growing at most 100x
		next := int(float64((warmup - total).Nanoseconds()) / 2 / c.nsPerOp)
		n = min(max(next, n+step), 100*n, 1e9)
		n = (n + step - 1) / step * step
	}
}

// warm runs the case for warmup (a server's first touch of its code, its
// inputs and its pages), one operation where one lasts that long: unlike
// calibrate it estimates nothing, so it needs no second batch, which for
// a long operation (a 1.5 GiB clear) is most of a server's start.
func (c *Case) warm(warmup time.Duration) error {
	if c.NoWarmup {
		return nil
	}
	return c.try(func() { c.grow(warmup, 1) })
}

// measure is one run: an untimed lead-in (o.LeadIn of the operations: the
// other cases took the caches since), then the timed run, counted too
// where hw is not nil.
func (c *Case) measure(o Options, cfg [][2]string, hw *counters) (*benchfmt.Result, error) {
	n := max(c.n, 1)
	var el time.Duration
	var cycles, instructions uint64
	err := c.try(func() {
		lead := 0
		if !c.NoWarmup {
			lead = o.leadOps(n)
		}
		if c.Timed == nil && lead > 0 {
			c.Run(lead) // before the counters start
			lead = 0
		}
		if hw != nil {
			hw.start()
		}
		el = c.time(n, lead)
		if hw != nil {
			cycles, instructions = hw.stop()
		}
	})
	if err != nil {
		return nil, err
	}
	r := c.result(n, el, cfg)
	if hw != nil {
		r.Values = append(r.Values, benchfmt.Value{Value: round6(float64(cycles) / float64(n)), Unit: "cycles/op"},
			benchfmt.Value{Value: round6(float64(instructions) / float64(n)), Unit: "instructions/op"})
	}
	return r, nil
}

// ProbeCounters says whether this machine lets a process read its
// cycles and instructions (nil), or why not.
func ProbeCounters() error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c, err := openCounters()
	if err == nil {
		c.close()
	}
	return err
}

// time runs lead operations untimed, then n timed ones, and says how long
// those took: Timed where the case has it (an error panics, for try to
// name the case), else Run between two readings of the clock.
func (c *Case) time(n, lead int) time.Duration {
	if c.Timed != nil {
		el, err := c.Timed(n, lead)
		if err != nil {
			panic(err)
		}
		return el
	}
	if lead > 0 {
		c.Run(lead)
	}
	start := time.Now()
	c.Run(n)
	return time.Since(start)
}

// try runs f and turns a panic of the case (a solver error) into an error
// naming the case.
func (c *Case) try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %v", c.FullName(), r)
		}
	}()
	f()
	return nil
}

// itersFor is the number of operations of nsPerOp each that take d.
func itersFor(d time.Duration, nsPerOp float64) int {
	if nsPerOp <= 0 {
		return 1
	}
	n := float64(d.Nanoseconds()) / nsPerOp
	if n < 1 {
		return 1
	}
	return int(min(n, 2e9))
}

// result builds the benchfmt result of one run.
func (c *Case) result(n int, el time.Duration, config [][2]string) *benchfmt.Result {
	runs := [][2]string{{resultsfile.KeyRuns, strconv.Itoa(max(c.perRound, 1))}}
	r := &benchfmt.Result{Name: benchfmt.Name(c.FullName()), Iters: n, Config: resultsfile.Config(config, c.Config, runs)}
	ns := float64(el.Nanoseconds()) / float64(n)
	r.Values = append(r.Values, benchfmt.Value{Value: round6(ns), Unit: "ns/op"})
	if c.Bytes > 0 && ns > 0 {
		r.Values = append(r.Values, benchfmt.Value{Value: round6(float64(c.Bytes) / ns), Unit: "GB/s"})
	}
	if c.Metrics != nil {
		m := c.Metrics()
		for _, u := range sortedKeysOf(m) {
			if v := m[u]; !math.IsNaN(v) {
				r.Values = append(r.Values, benchfmt.Value{Value: round6(v), Unit: u})
			}
		}
	}
	return r
}

// round6 keeps 6 significant digits: more than any timing can claim.
func round6(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	return f
}

func sortedKeysOf[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// UnitMetadata is written at the top of a results file: GB/s is a
// throughput, higher is better (benchfmt does not know the unit).
func UnitMetadata() []*benchfmt.UnitMetadata {
	return []*benchfmt.UnitMetadata{{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: "GB/s", Key: "better"}, OrigUnit: "GB/s", Value: "higher"}}
}

// SizeName writes a byte count the way benchproc's numeric order reads it
// (768KiB, 24MiB, 1.5GiB).
func SizeName(b int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, u := float64(b), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	s := strconv.FormatFloat(f, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + units[u]
}

// BaselineVariant names the write-bandwidth baseline of hash_clear
// (form=baseline): not a variant, the limit the variants are held to.
const BaselineVariant = "write-bandwidth"

// SetTwin makes the case of this variant (its "variant" name key) the
// group's A/A twin, or the first case that is not a baseline when no case
// has that name.
func (g *Group) SetTwin(variant string) {
	g.Twin = nil
	for _, c := range g.Cases {
		if c.Key("form") == "baseline" {
			continue
		}
		if c.Key("variant") == variant {
			g.Twin = c
			return
		}
		if g.Twin == nil {
			g.Twin = c
		}
	}
}
