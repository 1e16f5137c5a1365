package harness

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// Options sets the size and seed of a cross-check.
type Options struct {
	N    int    // random cases per kernel (fewer for the leaf searches)
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
	Skipped         string // why the variant was not run (CPU lacks features)
	Mismatch        *Mismatch
	Elapsed         time.Duration
}

// OK reports whether the variant matched (or was skipped).
func (r Result) OK() bool { return r.Mismatch == nil }

// checker runs one variant of a kernel against the reference and returns
// the number of cases and the first mismatch.
type checker func(variant string, o Options) (int, *Mismatch)

var checkers = map[string]checker{}

// Check cross-checks one variant of one kernel.
func Check(kernel, variant string, o Options) (Result, error) {
	k, err := variants.KernelByName(kernel)
	if err != nil {
		return Result{}, err
	}
	r := Result{Kernel: kernel, Variant: variant}
	var info *variants.Info
	for _, in := range k.Infos() {
		if in.Name == variant {
			info = &in
		}
	}
	if info == nil {
		_, err := k.Lookup(variant)
		return r, err
	}
	if !info.Runnable() {
		r.Skipped = "this CPU lacks " + variants.FeatureNames(variants.CPU.Missing(info.Requires))
		return r, nil
	}
	c, ok := checkers[kernel]
	if !ok {
		return r, fmt.Errorf("no cross-check for kernel %s", kernel)
	}
	start := time.Now()
	r.Cases, r.Mismatch = c(variant, o)
	if r.Mismatch == nil {
		n, mm, err := checkBatch(kernel, variant, o)
		if err != nil {
			return r, err
		}
		r.Cases += n
		r.Mismatch = mm
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// compare runs n cases; each returns the variant's and the reference's
// outputs and a way to describe its input. It stops at the first mismatch.
func compare[T comparable](kernel, variant string, n int, each func(i int) (got, want T, input func() string)) (int, *Mismatch) {
	for i := 0; i < n; i++ {
		got, want, input := each(i)
		if got != want {
			return i + 1, &Mismatch{Kernel: kernel, Variant: variant, Input: input(),
				Got: format(got), Want: format(want)}
		}
	}
	return n, nil
}

// format prints bitboards as hex and square names, anything else as is.
func format(v any) string {
	if m, ok := v.(uint64); ok {
		var sq []string
		for ; m != 0; m &= m - 1 {
			sq = append(sq, kernels.SquareName(bits.TrailingZeros64(m)))
		}
		return fmt.Sprintf("%#016x [%s]", v, strings.Join(sq, " "))
	}
	return fmt.Sprint(v)
}

func bs(b kernels.Board) string { return kernels.BoardString(b) }

func hexbits(m uint64) string { return fmt.Sprintf("%#016x", m) }

// casePool holds the inputs shared by the checks, built once per seed.
type casePool struct {
	games []kernels.Board // random-game positions, every phase
	edge  []kernels.Board // edge cases
}

var (
	poolMu sync.Mutex
	pools  = map[uint64]*casePool{}
)

func pool(o Options) *casePool {
	poolMu.Lock()
	defer poolMu.Unlock()
	if p, ok := pools[o.Seed]; ok {
		return p
	}
	p := &casePool{games: RandomGames(o.Seed, 20000)}
	p.edge = edgeBoards()
	pools[o.Seed] = p
	return p
}

// edgeBoards lists special positions: empty and full boards, a lone disc on
// every square, full lines, and boards with one side only.
func edgeBoards() []kernels.Board {
	var out []kernels.Board
	out = append(out, kernels.Board{}, kernels.StartBoard, kernels.StartBoard.Swap(),
		kernels.Board{P: ^uint64(0)}, kernels.Board{O: ^uint64(0)},
		kernels.Board{P: 0x5555555555555555, O: 0xaaaaaaaaaaaaaaaa})
	for x := 0; x < 64; x++ {
		out = append(out, kernels.Board{P: kernels.Bit(x)}, kernels.Board{O: kernels.Bit(x)},
			kernels.Board{P: kernels.Bit(x), O: ^kernels.Bit(x) &^ kernels.Bit(63-x)},
			kernels.Board{O: ^kernels.Bit(x) &^ kernels.Bit(x^7), P: kernels.Bit(x ^ 7)})
	}
	for r := 0; r < 8; r++ { // full rows and files of O with P at the ends
		row := uint64(0xff) << uint(8*r)
		file := uint64(0x0101010101010101) << uint(r)
		out = append(out, kernels.Board{P: row & 0x8181818181818181, O: row & 0x7e7e7e7e7e7e7e7e},
			kernels.Board{P: file & 0xff000000000000ff, O: file & 0x00ffffffffffff00})
	}
	return out
}

// boards returns n boards: edge cases first, then random-game positions,
// alternately as recorded and with the sides swapped.
func (p *casePool) board(i int) kernels.Board {
	if i < len(p.edge) {
		return p.edge[i]
	}
	i -= len(p.edge)
	b := p.games[(i/2)%len(p.games)]
	if i%2 == 1 {
		b = b.Swap()
	}
	return b
}

// CheckAll checks every variant of every kernel (filtered by name when
// kernel or variant is not empty), on all cores, calling each with every
// result in catalog order.
func CheckAll(kernel, variant string, o Options, each func(Result)) (passed, failed int, err error) {
	var ks []variants.KernelInfo
	if kernel != "" {
		k, err := variants.KernelByName(kernel)
		if err != nil {
			return 0, 0, err
		}
		ks = append(ks, k)
	} else {
		ks = variants.Kernels()
	}
	type job struct{ kernel, variant string }
	var jobs []job
	for _, k := range ks {
		for _, info := range k.Infos() {
			if variant == "" || info.Name == variant {
				jobs = append(jobs, job{k.Name(), info.Name})
			}
		}
	}
	if len(jobs) == 0 {
		if len(ks) == 1 {
			_, err := ks[0].Lookup(variant)
			return 0, 0, err
		}
		return 0, 0, fmt.Errorf("no kernel has a variant named %q", variant)
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
				r, err := Check(jobs[i].kernel, jobs[i].variant, o)
				results[i] <- done{r, err}
			}
		}()
	}
	for i := range jobs {
		d := <-results[i]
		if d.err != nil && err == nil {
			err = d.err
		}
		if d.err != nil {
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

// Kernel names with a cross-check, sorted (for tests).
func checkedKernels() []string {
	var s []string
	for k := range checkers {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

func rngFor(o Options, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(o.Seed, salt))
}

// nthBit returns the square of the k-th set bit of m (k < popcount).
func nthBit(m uint64, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros64(m)
}
