package train

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flipbench/flipbench/weights"
)

// Config is a training run. Every field but Workers, Dir, Log and TTY
// decides the result: the same Config gives the same weights.
type Config struct {
	Seed       uint64
	Games      int     // games played (half random, half self-play)
	ExactMax   int     // exact labels at this many empties and fewer
	Group      int     // empties per phase group (plies of a group share a table)
	Depth      int     // search depth of the labels above ExactMax (>= Group)
	MaxSamples int     // positions per group at most (0: all)
	Lambda     float64 // ridge regularisation
	Iters      int     // conjugate-gradient iterations at most
	// Pool, if > 0, fits each group's table a second time, once every
	// group is labelled, on the positions within Pool empties of the
	// group as well, weighted down linearly with the distance: phases
	// change slowly, and a table gets up to three times the positions.
	Pool int
	// Play, if set, are the weights the self-play games use, in a search
	// of PlayDepth plies (at least 1); otherwise they play the
	// fewest-replies heuristic.
	Play      *weights.Set
	PlayDepth int

	Workers int       // labelling goroutines (0: GOMAXPROCS)
	Dir     string    // checkpoint directory ("" : none)
	Log     io.Writer // progress and reports (nil: none)
	TTY     bool      // Log is a terminal: redraw the progress line
	// Exact, if set, makes the exact labeller of each worker (default:
	// NewSolver on this machine's default variants).
	Exact func() Solver
}

// DefaultConfig is the configuration of the shipped weights.
func DefaultConfig() Config {
	return Config{Seed: 1, Games: 200000, ExactMax: 13, Group: 4, Depth: 4, MaxSamples: 0, Lambda: 100, Iters: 300, Pool: 4}
}

func (c *Config) fingerprint() string {
	play := "none"
	if c.Play != nil {
		b, _ := c.Play.Marshal()
		play = fmt.Sprintf("%x", crcOf(b))
		if c.PlayDepth > 1 {
			play += fmt.Sprintf(" play-depth=%d", c.PlayDepth)
		}
	}
	return fmt.Sprintf("flipbench train v1 seed=%d games=%d exact=%d group=%d depth=%d max=%d lambda=%g iters=%d pool=%d play=%s",
		c.Seed, c.Games, c.ExactMax, c.Group, c.Depth, c.MaxSamples, c.Lambda, c.Iters, c.Pool, play)
}

func (c *Config) check() error {
	switch {
	case c.Games < 1:
		return errors.New("games must be at least 1")
	case c.Group < 1 || c.Group > 61:
		return errors.New("group must be 1..61")
	case c.ExactMax < 0 || c.ExactMax > 30:
		return errors.New("exact must be 0..30")
	case c.Depth < c.Group:
		return fmt.Errorf("depth %d < group %d: a search would reach the plies being fitted", c.Depth, c.Group)
	case c.Lambda < 0:
		return errors.New("lambda must be >= 0")
	case c.Pool < 0 || c.Pool > 60:
		return errors.New("pool must be 0..60")
	}
	return nil
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

// group is a range of empties [lo, hi] whose plies share a table.
type group struct{ lo, hi int }

func (c *Config) groups() []group {
	var gs []group
	for lo := 0; lo <= 60; lo += c.Group {
		gs = append(gs, group{lo, min(lo+c.Group-1, 60)})
	}
	return gs
}

// Run trains a weight set. With a checkpoint directory, the labels of
// each group are saved as they are made, and a run started again with the
// same configuration resumes where it stopped.
func Run(cfg Config) (*weights.Set, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	fp := cfg.fingerprint()
	if err := cfg.openDir(fp); err != nil {
		return nil, err
	}
	cfg.logf("%s\n", fp)
	start := time.Now()
	games, err := cfg.playGames()
	if err != nil {
		return nil, err
	}
	set := weights.NewSet()
	set.Note = fp
	ev := &evaluator{}
	groups := cfg.groups()
	var all [][]sample // every group's samples, kept for the pooled fit
	for gi, g := range groups {
		label := cfg.groupLabel(gi, g)
		samples, err := cfg.groupSamples(gi, g, label, games, ev)
		if err != nil {
			return nil, err
		}
		if cfg.Pool > 0 {
			all = append(all, samples)
		}
		if err := cfg.fitGroup(set, ev, g, label, samples); err != nil {
			return nil, err
		}
		ev.refresh() // the next groups' labels search on this fit
	}
	if cfg.Pool > 0 {
		if err := cfg.refitPooled(set, ev, all); err != nil {
			return nil, err
		}
	}
	cfg.logf("trained in %s\n", time.Since(start).Round(time.Second))
	return set, nil
}

// openDir makes the checkpoint directory, if any, for the run of
// fingerprint fp: a new one, or one of the same configuration to resume.
func (cfg *Config) openDir(fp string) error {
	if cfg.Dir == "" {
		return nil
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return err
	}
	cf := filepath.Join(cfg.Dir, "config.txt")
	if old, err := os.ReadFile(cf); err == nil {
		if string(old) != fp+"\n" {
			return fmt.Errorf("%s: checkpoint of another configuration:\n  %s\nthis run:\n  %s\nuse another directory", cf, old, fp)
		}
		cfg.logf("resuming from %s\n", cfg.Dir)
		return nil
	}
	return os.WriteFile(cf, []byte(fp+"\n"), 0o644)
}

// playGames plays the run's games, in parallel.
func (cfg *Config) playGames() ([][]board, error) {
	var play *evaluator
	if cfg.Play != nil {
		w, err := cfg.Play.EvalWeights()
		if err != nil {
			return nil, err
		}
		play = &evaluator{plain: w.Plain}
		play.refresh()
	}
	games := make([][]board, cfg.Games)
	o := newOps()
	bar := cfg.newProgress("games", cfg.Games)
	parallelFor(cfg.Games, cfg.Workers, func(i int) {
		games[i] = playGame(o, cfg.Seed, i, play, cfg.PlayDepth)
		bar.add(1)
	})
	bar.finish()
	return games, nil
}

// groupLabel names group gi and how its positions are labelled.
func (cfg *Config) groupLabel(gi int, g group) string {
	how := "exact"
	if g.hi > cfg.ExactMax {
		how = fmt.Sprintf("depth %d", cfg.Depth)
		if g.lo <= cfg.ExactMax {
			how = fmt.Sprintf("exact to %d, depth %d", cfg.ExactMax, cfg.Depth)
		}
	}
	return fmt.Sprintf("group %d/%d (%d-%d empties, %s)", gi+1, len(cfg.groups()), g.lo, g.hi, how)
}

// groupSamples are the labelled positions of group gi (g) of the games.
func (cfg *Config) groupSamples(gi int, g group, label string, games [][]board, ev *evaluator) ([]sample, error) {
	boards := cfg.groupBoards(gi, g, games)
	labels, err := cfg.label(gi, label, boards, ev)
	if err != nil {
		return nil, err
	}
	samples := make([]sample, len(boards))
	for i, b := range boards {
		samples[i] = sample{f: packedFeatures(b), y: labels[i], wt: 1, n: int8(b.NumEmpties())}
	}
	return samples, nil
}

// groupBoards are the positions of group gi (g) of the games, in a fixed
// order: MaxSamples of them at most, drawn at random.
func (cfg *Config) groupBoards(gi int, g group, games [][]board) []board {
	type ref struct{ game, pos int32 }
	var refs []ref
	for i, gm := range games {
		for j, b := range gm {
			if n := b.NumEmpties(); n >= g.lo && n <= g.hi {
				refs = append(refs, ref{int32(i), int32(j)})
			}
		}
	}
	if cfg.MaxSamples > 0 && len(refs) > cfg.MaxSamples {
		rng := rand.New(rand.NewPCG(cfg.Seed, 1<<32|uint64(gi)))
		rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
		refs = refs[:cfg.MaxSamples]
	}
	boards := make([]board, len(refs))
	for i, r := range refs {
		boards[i] = games[r.game][r.pos]
	}
	return boards
}

// refitPooled fits each table again, the labels final, on its group and
// the positions within Pool empties of it, weighted down with the
// distance.
func (cfg *Config) refitPooled(set *weights.Set, ev *evaluator, all [][]sample) error {
	groups := cfg.groups()
	for gi, g := range groups {
		var pooled []sample
		for _, ss := range all {
			for _, s := range ss {
				n := int(s.n)
				d := max(g.lo-n, n-g.hi, 0)
				if d <= cfg.Pool {
					s.wt = 1 - float32(d)/float32(cfg.Pool+1)
					pooled = append(pooled, s)
				}
			}
		}
		label := fmt.Sprintf("group %d/%d (%d-%d empties, pooled %d-%d)", gi+1, len(groups), g.lo, g.hi, max(g.lo-cfg.Pool, 0), min(g.hi+cfg.Pool, 60))
		if err := cfg.fitGroup(set, ev, g, label, pooled); err != nil {
			return err
		}
	}
	return nil
}

// fitGroup fits the table of group g on samples and sets it in set and
// ev (and the checkpoint's partial.fbw).
func (cfg *Config) fitGroup(set *weights.Set, ev *evaluator, g group, label string, samples []sample) error {
	t0 := time.Now()
	res := fit(samples, cfg.Lambda, cfg.Iters, cfg.Workers)
	tab := quantize(res.w)
	plain := weights.Unpack(tab)
	for n := g.lo; n <= g.hi; n++ {
		set.Plies[60-n] = tab
		ev.plain[60-n] = plain
	}
	cfg.logf("%s: %d positions, fit %d iterations in %.1fs, training rmse %.2f mae %.2f discs\n",
		label, len(samples), res.iters, time.Since(t0).Seconds(), res.rmse, res.mae)
	if cfg.Dir != "" {
		return set.SaveCheckpoint(filepath.Join(cfg.Dir, "partial.fbw"))
	}
	return nil
}

// label labels a group's positions, in parallel, saving chunks to the
// checkpoint directory as they complete.
func (cfg *Config) label(gi int, what string, boards []board, ev *evaluator) ([]float32, error) {
	const chunk = 64
	nChunks := (len(boards) + chunk - 1) / chunk
	labels := make([]float32, len(boards))
	done := make([]bool, nChunks)
	var ck *checkpoint
	if cfg.Dir != "" {
		var err error
		if ck, err = cfg.openLabels(gi, what, labels, done, chunk); err != nil {
			return nil, err
		}
		defer ck.f.Close()
	}
	var todo []int
	for c, d := range done {
		if !d {
			todo = append(todo, c)
		}
	}
	bar := cfg.newProgress(what, len(boards))
	bar.add(len(boards) - countLabels(todo, chunk, len(boards)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ex := newExact(cfg.Exact)
			se := &searcher{ops: newOps(), ev: ev}
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) {
					return
				}
				c := todo[k]
				lo, hi := c*chunk, min((c+1)*chunk, len(boards))
				for i := lo; i < hi; i++ {
					b := boards[i]
					if b.NumEmpties() <= cfg.ExactMax {
						labels[i] = float32(ex.Solve(b))
					} else {
						labels[i] = float32(se.search(b, cfg.Depth)) / weights.Scale
					}
					bar.add(1)
				}
				ck.save(c, labels[lo:hi])
			}
		}()
	}
	wg.Wait()
	bar.finish()
	return labels, ck.close()
}

// checkpoint is a labels file being appended to: a record per chunk
// labelled, flushed now and then.
type checkpoint struct {
	mu        sync.Mutex
	f         *os.File
	w         *bufio.Writer
	err       error // the first write error
	lastFlush time.Time
}

// openLabels reads the chunks group gi's labels file already has into
// labels and done, and opens it to append the others.
func (cfg *Config) openLabels(gi int, what string, labels []float32, done []bool, chunk int) (*checkpoint, error) {
	path := filepath.Join(cfg.Dir, fmt.Sprintf("labels-%02d.bin", gi))
	n, valid, err := readLabels(path, labels, done, chunk)
	if err != nil {
		return nil, err
	}
	if n > 0 {
		cfg.logf("%s: %d of %d chunks from %s\n", what, n, len(done), path)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	// Cut a torn last record (an interrupted write) before appending,
	// or the new records would be read through it.
	if err := f.Truncate(valid); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(valid, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &checkpoint{f: f, w: bufio.NewWriter(f), lastFlush: time.Now()}, nil
}

// save appends chunk c's labels (nil: no checkpoint).
func (ck *checkpoint) save(c int, labels []float32) {
	if ck == nil {
		return
	}
	ck.mu.Lock()
	defer ck.mu.Unlock()
	rec := binary.LittleEndian.AppendUint32(nil, uint32(c))
	rec = binary.LittleEndian.AppendUint32(rec, uint32(len(labels)))
	for _, l := range labels {
		rec = binary.LittleEndian.AppendUint32(rec, math.Float32bits(l))
	}
	if _, err := ck.w.Write(rec); err != nil && ck.err == nil {
		ck.err = err
	}
	if time.Since(ck.lastFlush) > 10*time.Second {
		if err := ck.w.Flush(); err != nil && ck.err == nil {
			ck.err = err
		}
		ck.lastFlush = time.Now()
	}
}

// close flushes the records and returns the first write error (the file
// itself is closed by its opener).
func (ck *checkpoint) close() error {
	if ck == nil {
		return nil
	}
	if err := ck.w.Flush(); err != nil && ck.err == nil {
		ck.err = err
	}
	return ck.err
}

func countLabels(chunks []int, chunk, n int) int {
	t := 0
	for _, c := range chunks {
		t += min((c+1)*chunk, n) - c*chunk
	}
	return t
}

// readLabels loads the complete chunk records of a labels file and
// returns how many chunks it holds and the length of its complete records
// (a torn last record is ignored: it is labelled again).
func readLabels(path string, labels []float32, done []bool, chunk int) (int, int64, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	n, valid := 0, int64(0)
	for len(data) >= 8 {
		c, cnt := int(binary.LittleEndian.Uint32(data)), int(binary.LittleEndian.Uint32(data[4:]))
		if c >= len(done) || cnt != min((c+1)*chunk, len(labels))-c*chunk {
			return 0, 0, fmt.Errorf("%s: corrupt at byte %d: a record of chunk %d with %d labels does not fit this run's positions (delete the file to label the group again)", path, valid, c, cnt)
		}
		if len(data) < 8+4*cnt {
			break // the torn last record
		}
		for i := 0; i < cnt; i++ {
			labels[c*chunk+i] = math.Float32frombits(binary.LittleEndian.Uint32(data[8+4*i:]))
		}
		if !done[c] {
			done[c] = true
			n++
		}
		data = data[8+4*cnt:]
		valid += int64(8 + 4*cnt)
	}
	return n, valid, nil
}

// parallelFor runs fn(0..n-1) on workers goroutines.
func parallelFor(n, workers int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// progress draws "what done/total rate ETA" on Log: redrawn in place on a
// terminal, a line every 30 s otherwise.
type progress struct {
	cfg   *Config
	what  string
	total int
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

func (c *Config) newProgress(what string, total int) *progress {
	p := &progress{cfg: c, what: what, total: total, start: time.Now(), stop: make(chan struct{})}
	if c.Log == nil {
		return p
	}
	every := 30 * time.Second
	if c.TTY {
		every = time.Second / 2
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.draw(false)
			}
		}
	}()
	return p
}

func (p *progress) add(n int) { p.done.Add(int64(n)) }

func (p *progress) draw(final bool) {
	d := int(p.done.Load())
	el := time.Since(p.start)
	rate := float64(d) / max(el.Seconds(), 1e-9)
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-d)/rate) * time.Second).Round(time.Second).String()
	}
	pct := 100 * float64(d) / float64(max(p.total, 1))
	line := fmt.Sprintf("%s: %d/%d %5.1f%% %.0f/s ETA %s", p.what, d, p.total, pct, rate, eta)
	if final {
		line = fmt.Sprintf("%s: %d done in %s (%.0f/s)", p.what, d, el.Round(time.Second/10), rate)
	}
	if p.cfg.TTY {
		fmt.Fprintf(p.cfg.Log, "\r\033[K%s", line)
		if final {
			fmt.Fprintln(p.cfg.Log)
		}
	} else {
		fmt.Fprintln(p.cfg.Log, line)
	}
}

func (p *progress) finish() {
	if p.cfg.Log == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	p.draw(true)
}

func crcOf(b []byte) uint32 { return crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)) }
