package harness

import (
	"fmt"
	"runtime"
	"time"

	"github.com/flipbench/flipbench/variants"
)

// Options sets the size and seed of a cross-check.
type Options struct {
	N    int    // random cases per kernel (fewer for the slow ones)
	Seed uint64 // seed of the random games
}

// DefaultOptions checks 1e6 random cases per kernel.
var DefaultOptions = Options{N: 1_000_000, Seed: 1}

// Mismatch is a counterexample: the input as a board string and both
// outputs.
type Mismatch struct {
	Kernel, Variant string
	Input           string
	Got, Want       string
}

func (m *Mismatch) String() string {
	return fmt.Sprintf("MISMATCH kernel=%s variant=%s\n  input: %s\n  got:   %s\n  want:  %s (reference)",
		m.Kernel, m.Variant, m.Input, m.Got, m.Want)
}

// Result is the outcome of checking one variant.
type Result struct {
	Kernel, Variant string
	Cases           int
	Skipped         string // why the variant was not run (the CPU lacks features)
	Mismatch        *Mismatch
	Elapsed         time.Duration
}

// OK reports whether the variant matched (or was skipped).
func (r Result) OK() bool { return r.Mismatch == nil }

// Check cross-checks one variant of one kernel on cpu.
func Check(kernel, variant string, cpu variants.CPUInfo, o Options) (Result, error) {
	s, err := SpecByName(kernel)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	r, err := s.Check(variant, cpu, o)
	r.Elapsed = time.Since(start)
	return r, err
}

// CheckAll checks every variant of every kernel (filtered by name when
// kernel or variant is not empty) that cpu can run, on all cores, calling
// each with every result in catalog order. Variants cpu cannot run are
// reported as skipped. It is an error when the filter matches no variant
// at all, or only variants cpu cannot run: a check that checks nothing
// must not pass.
func CheckAll(kernel, variant string, cpu variants.CPUInfo, o Options, each func(Result)) (passed, failed int, err error) {
	ks := Specs()
	if kernel != "" {
		s, err := SpecByName(kernel)
		if err != nil {
			return 0, 0, err
		}
		ks = []KernelSpec{s}
	}
	type job struct {
		s       KernelSpec
		variant string
	}
	var jobs []job
	runnable := 0
	for _, s := range ks {
		for _, info := range s.KernelInfo().Infos() {
			if variant == "" || info.Name == variant {
				jobs = append(jobs, job{s, info.Name})
				if info.RunsOn(cpu) && !info.Composed() {
					runnable++
				}
			}
		}
	}
	switch {
	case len(jobs) == 0 && len(ks) == 1:
		_, err := ks[0].KernelInfo().Lookup(variant, cpu)
		return 0, 0, err
	case len(jobs) == 0:
		return 0, 0, fmt.Errorf("no kernel has a variant named %q", variant)
	case runnable == 0:
		_, err := jobs[0].s.KernelInfo().Lookup(jobs[0].variant, cpu)
		if err == nil {
			err = fmt.Errorf("%s variant %s is composed by the solver: its tests check it", jobs[0].s.KernelInfo().Name(), jobs[0].variant)
		}
		return 0, 0, fmt.Errorf("nothing to check: %v", err)
	}
	pool(o) // build the shared inputs once, before the workers start
	type done struct {
		r   Result
		err error
	}
	results := make([]chan done, len(jobs))
	next := make(chan int, len(jobs))
	for i := range jobs {
		results[i] = make(chan done, 1)
		next <- i
	}
	close(next)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		go func() {
			for i := range next {
				start := time.Now()
				r, err := jobs[i].s.Check(jobs[i].variant, cpu, o)
				r.Elapsed = time.Since(start)
				results[i] <- done{r, err}
			}
		}()
	}
	for i := range jobs {
		d := <-results[i]
		if d.err != nil {
			if err == nil {
				err = d.err
			}
			continue
		}
		if d.r.Mismatch != nil {
			failed++
		} else if d.r.Skipped == "" {
			passed++
		}
		each(d.r)
	}
	return passed, failed, err
}
