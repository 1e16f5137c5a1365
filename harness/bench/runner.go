package bench

import (
	"context"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"
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
	// Metrics, when set, returns extra per-operation figures of the last
	// Run (unit -> value), such as nodes/op of a solve.
	Metrics func() map[string]float64
	// NoWarmup skips the calibration run when an operation is long and its
	// group's first case has already warmed what matters (whole solves).
	NoWarmup bool
	// Config holds configuration lines of this case's results only, after
	// the session's (impl: go, asm, gosimd: the kind of the variant).
	Config [][2]string
	// PlanOp is a guess of one operation's duration before any run, so the
	// progress bar's time left is sane from the start (0: unknown, short).
	PlanOp time.Duration

	nsPerOp float64 // estimate from the last run
}

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

// A Group holds cases that are run interleaved (A B C A B C ...):
// the variants of one kernel in one form and size. Setup allocates what the
// cases share (a hash table) and Teardown frees it; both may be nil.
type Group struct {
	Title    string
	Cases    []*Case
	Setup    func() error
	Teardown func()
}

// Options controls a benchmark session.
type Options struct {
	Count     int           // measured runs of every case
	BenchTime time.Duration // target duration of one measured run
	Warmup    time.Duration // calibration before a case's first run
	// Config holds the file configuration lines written before the
	// results (machine, commit, date...).
	Config [][2]string
	// Progress, when set, is called before each run with what runs and
	// after it with the planned time it used up.
	Progress Progress
}

// Progress reports a session's advance: Start with the planned total,
// Run before each run, Done after it with the planned share it used, and
// Finish at the end.
type Progress interface {
	Start(total time.Duration, runs int)
	Run(what string)
	Done(planned time.Duration)
	Finish()
}

// DefaultOptions are the defaults of flipbench bench.
var DefaultOptions = Options{Count: 10, BenchTime: 100 * time.Millisecond, Warmup: 20 * time.Millisecond}

// Plan returns the planned duration of a session, for the progress bar.
func Plan(groups []*Group, o Options) (total time.Duration, runs int) {
	for _, g := range groups {
		for _, c := range g.Cases {
			total += planRun(c, o, true) + time.Duration(o.Count-1)*planRun(c, o, false)
			runs += o.Count
		}
	}
	return
}

// planRun is the planned duration of one run (the first includes the
// warm-up): at least BenchTime, and at least two operations when they are
// long.
func planRun(c *Case, o Options, first bool) time.Duration {
	d := max(o.BenchTime, c.PlanOp)
	if first && !c.NoWarmup {
		d += max(o.Warmup, c.PlanOp)
	}
	return d
}

// Run runs every group in turn, its cases interleaved Count
// times, and hands each finished result to emit at once (so an interrupted
// session keeps what it finished). It stops between runs when ctx is done
// and returns ctx.Err().
func Run(ctx context.Context, groups []*Group, o Options, emit func(*benchfmt.Result) error) error {
	if o.Count < 1 {
		o.Count = 1
	}
	if o.Progress != nil {
		o.Progress.Start(Plan(groups, o))
		defer o.Progress.Finish()
	}
	for _, g := range groups {
		if err := runGroup(ctx, g, o, emit); err != nil {
			return err
		}
	}
	return nil
}

func runGroup(ctx context.Context, g *Group, o Options, emit func(*benchfmt.Result) error) (err error) {
	if len(g.Cases) == 0 {
		return nil
	}
	if g.Setup != nil {
		if err := g.Setup(); err != nil {
			return fmt.Errorf("%s: %v", g.Title, err)
		}
	}
	if g.Teardown != nil {
		defer g.Teardown()
	}
	runtime.GC()
	for _, c := range g.Cases {
		c.nsPerOp = 0
	}
	for round := 0; round < o.Count; round++ {
		for _, c := range g.Cases {
			if err := ctx.Err(); err != nil {
				return err
			}
			if o.Progress != nil {
				o.Progress.Run(fmt.Sprintf("%s %d/%d", c.SubName(), round+1, o.Count))
			}
			if round == 0 && !c.NoWarmup {
				if err := c.try(func() { c.calibrate(o.Warmup) }); err != nil {
					return err
				}
			}
			n := c.itersFor(o.BenchTime)
			var el time.Duration
			if err := c.try(func() {
				start := time.Now()
				c.Run(n)
				el = time.Since(start)
			}); err != nil {
				return err
			}
			c.nsPerOp = float64(el.Nanoseconds()) / float64(n)
			if o.Progress != nil {
				o.Progress.Done(planRun(c, o, round == 0))
			}
			if err := emit(c.result(n, el, o.Config)); err != nil {
				return err
			}
		}
	}
	return nil
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

// calibrate runs growing batches until d has passed, which warms caches,
// branch predictors and the CPU's clock, and estimates the time per op.
func (c *Case) calibrate(d time.Duration) {
	n := 1
	var total time.Duration
	for {
		start := time.Now()
		c.Run(n)
		el := time.Since(start)
		total += el
		c.nsPerOp = float64(max(el.Nanoseconds(), 1)) / float64(n)
		if total >= d || el >= d/2 {
			return
		}
		// aim the next batch at half the remaining time, growing at most 100x
		next := int(float64((d - total).Nanoseconds()) / 2 / c.nsPerOp)
		n = min(max(next, n+1), 100*n, 1e9)
	}
}

// itersFor is the number of operations that should take d.
func (c *Case) itersFor(d time.Duration) int {
	if c.nsPerOp <= 0 {
		return 1
	}
	n := float64(d.Nanoseconds()) / c.nsPerOp
	if n < 1 {
		return 1
	}
	return int(min(n, 2e9))
}

// result builds the benchfmt result of one run.
func (c *Case) result(n int, el time.Duration, config [][2]string) *benchfmt.Result {
	r := &benchfmt.Result{Name: benchfmt.Name(c.FullName()), Iters: n}
	for _, kv := range config {
		r.Config = append(r.Config, benchfmt.Config{Key: kv[0], Value: []byte(kv[1]), File: true})
	}
	for _, kv := range c.Config {
		r.Config = append(r.Config, benchfmt.Config{Key: kv[0], Value: []byte(kv[1]), File: true})
	}
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
