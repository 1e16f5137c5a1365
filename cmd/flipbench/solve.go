package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/solver"
	"github.com/flipbench/flipbench/variants"
)

func init() {
	register(&command{
		name:    "solve",
		summary: "exact endgame solves (one thread) with the selected variants: scores, best moves, nodes, time, and the node-count fingerprint",
		usage:   "[-set ffo1-19|ffo20-39|ffo40-59|ffo60-79 | -obf FILE | -board 'BOARD SIDE'] [-variants spec] [-hash BITS] [-bottom asm|asm-calls|gosimd|go] [-count N] [-eval W] [-json] [-passes] [-fingerprint] [-o FILE | -save] [-upload URL]",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := &solveOpts{}
			fs.StringVar(&o.set, "set", "", "FFO set to solve: "+strings.Join(solver.Sets, ", ")+" (any ffoA-B range of 1..79); the default without -obf or -board is ffo1-19")
			fs.StringVar(&o.obf, "obf", "", "solve the positions of an OBF file (its listed move scores are checked)")
			fs.StringVar(&o.board, "board", "", "solve one position: 64 squares (X, O, -) and the side to move, or '0xP 0xO'")
			o.variants = variantsFlag(fs)
			fs.IntVar(&o.hash, "hash", 0, "transposition table of 2^BITS entries of 24 bytes (0: sized by the empties of each position, 2^16..2^24)")
			fs.StringVar(&o.bottom, "bottom", "", "the search from 7 empties down, as -variants bottom=...: asm (generated assembly, one crossing per subtree; flip and moves inline where they are the inline bottom's), asm-calls (the same calling every kernel), gosimd (Go on inlined simd/archsimd kernels: GOEXPERIMENT=simd builds, AVX2; gosimd-avx2 or gosimd-avx512 by its flip, gosimd the best this CPU runs), go (Go through the bound kernels); default asm where the variants allow it, else go")
			fs.IntVar(&o.count, "count", 1, "solve the positions this many times (timings of every run, the table of the first)")
			o.eval = evalFlag(fs)
			fs.BoolVar(&o.json, "json", false, "one JSON object per position and run instead of the table")
			fs.BoolVar(&o.passes, "passes", false, "also show each position's root searches (the selective pre-pass's levels, then the exact one: window, score, nodes, time) and, after the total, each level's share of the time and the windows searched again")
			fs.BoolVar(&o.fp, "fingerprint", false, "print only the fingerprint (a hash of every node count) and check the scores")
			fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the solves to this file")
			fs.StringVar(&o.out, "o", "", "also write every position's solve (each run) to this results file, in Go's benchmark format with the machine's configuration (flipbench report shows it)")
			fs.BoolVar(&o.save, "save", false, "like -o, to results/<cpu-id>/<date>-solve-<set>-eval-<name>.txt")
			fs.StringVar(&o.upload, "upload", "", "then send the results file (-o, else -save's) to this perfdata server (flipbench upload), if every score was right and the run was not interrupted; the file is kept whatever happens")
			return func(args []string) error {
				// an empty -set, -obf or -board is a mistake (an unset
				// shell variable), not a request for the default set
				var empty []string
				fs.Visit(func(f *flag.Flag) {
					if (f.Name == "set" || f.Name == "obf" || f.Name == "board") && strings.TrimSpace(f.Value.String()) == "" {
						empty = append(empty, "-"+f.Name)
					}
				})
				if len(empty) > 0 {
					return &exitError{2, fmt.Sprintf("solve: %s is empty (leave it out for the default set, ffo1-19)", strings.Join(empty, ", "))}
				}
				return runSolve(o, args)
			}
		},
	})
}

type solveOpts struct {
	set, obf, board string
	variants        *string
	hash, count     int
	eval            *string
	json, fp        bool
	passes          bool
	bottom          string
	cpuprofile      string
	out             string
	save            bool
	upload          string
}

// solved is one solve's outcome.
type solved struct {
	pos solver.Position
	r   solver.Result
	err error // wrong score or best move
}

func runSolve(o *solveOpts, args []string) error {
	if len(args) > 0 {
		return &exitError{2, fmt.Sprintf("solve: unexpected argument %q (a board goes in -board '...')", args[0])}
	}
	sel, err := solveSelection(o)
	if err != nil {
		return err
	}
	s, err := newSession("solve", o.upload)
	if err != nil {
		return err
	}
	defer s.end()
	if s.server != nil {
		s.warnIfDown()
		if o.out == "" {
			o.save = true
		}
	}
	name, set, err := solvePositions(o)
	if err != nil {
		return err
	}
	sv, err := newSolveSolver(o, sel)
	if err != nil {
		return err
	}
	if o.cpuprofile != "" {
		stop, err := startCPUProfile(o.cpuprofile)
		if err != nil {
			return err
		}
		defer stop()
	}
	// Ctrl-C stops the solve in progress; what was solved is printed
	go func() {
		<-s.ctx.Done()
		sv.Stop()
	}()
	var rf *solveResults
	if o.out != "" || o.save {
		if rf, err = createSolveResults(s, o, name, sv, sel.CPU()); err != nil {
			return err
		}
		// closed (renamed into place) on every way out, an interrupted or
		// failed session included (marked incomplete)
		defer rf.close(s)
	}
	if !o.json && !o.fp {
		fmt.Fprintf(stdout, "solve %s: %d positions, 1 thread, eval %s, hash %s\nkernels: %s\n\n", name, len(set), evalName(o), hashName(o), sv.Kernels())
	}
	first, bad, stopped, err := solveRuns(o, sv, set, rf)
	if err != nil {
		return err
	}
	if !o.json {
		fmt.Fprintf(stdout, "fingerprint %s\n", fingerprint(first))
	}
	if stopped {
		fmt.Fprintf(os.Stderr, "flipbench solve: interrupted: %d of %d positions solved\n", len(first), len(set))
	}
	if len(bad) > 0 {
		for _, b := range bad {
			fmt.Fprintln(os.Stderr, "flipbench solve: WRONG:", b)
		}
		return &exitError{1, fmt.Sprintf("solve %s: %d wrong results", name, len(bad))}
	}
	if stopped || s.interrupted() {
		return &exitError{130, ""}
	}
	if s.server != nil && rf != nil {
		if !rf.close(s) {
			return &exitError{1, "solve: no results file to upload"}
		}
		return s.upload(os.Stderr, rf.path)
	}
	return nil
}

// solveSelection checks the flags and returns the variants to solve on.
func solveSelection(o *solveOpts) (variants.Selection, error) {
	sel, err := selection(*o.variants)
	if err != nil {
		return sel, err
	}
	if o.bottom != "" {
		if sel, err = sel.With(variants.Bottom.Name() + "=" + o.bottom); err != nil {
			return sel, &exitError{2, "solve: -bottom " + o.bottom + ": " + err.Error()}
		}
	}
	if o.count < 1 {
		return sel, &exitError{2, "solve: -count must be at least 1"}
	}
	if o.out != "" && o.save {
		return sel, &exitError{2, "solve: give -o or -save, not both"}
	}
	if o.out != "" || o.save {
		if err := refuseEmulated("solve -o/-save", sel.CPU()); err != nil {
			return sel, err
		}
	}
	return sel, nil
}

// newSolveSolver is the solver of -hash and -eval on sel.
func newSolveSolver(o *solveOpts, sel variants.Selection) (*solver.Solver, error) {
	w, err := loadEval(*o.eval)
	if err != nil {
		return nil, err
	}
	if o.hash != 0 {
		if err := solver.CheckHashBits(o.hash); err != nil {
			return nil, &exitError{2, "-hash: " + err.Error()}
		}
	}
	sv, err := solver.New(solver.Options{HashBits: o.hash, Weights: w}, sel)
	if err != nil {
		return nil, &exitError{2, "solve: " + err.Error()}
	}
	return sv, nil
}

// startCPUProfile profiles the process into path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func evalName(o *solveOpts) string {
	if *o.eval == "none" {
		return "none"
	}
	return *o.eval
}

func hashName(o *solveOpts) string {
	if o.hash != 0 {
		return fmt.Sprintf("2^%d", o.hash)
	}
	return "auto"
}

// solveRuns solves set -count times, printing as it goes (and writing to
// rf, if not nil): the first run's rows, the wrong results (and node
// counts that differ between runs), and whether an interrupt stopped it.
func solveRuns(o *solveOpts, sv *solver.Solver, set []solver.Position, rf *solveResults) (first []solved, bad []string, stopped bool, err error) {
	for run := 0; run < o.count && !stopped; run++ {
		var rows []solved
		if !o.json && !o.fp && run == 0 {
			printHeader()
		}
		for _, p := range set {
			r, err := sv.Solve(p.Board)
			if errors.Is(err, solver.ErrStopped) {
				stopped = true
				break
			}
			if err != nil {
				return first, bad, stopped, &exitError{2, fmt.Sprintf("solve %s: %v", p.ID, err)}
			}
			row := solved{pos: p, r: r, err: p.Check(r)}
			rows = append(rows, row)
			if rf != nil {
				if err := rf.write(row); err != nil {
					return first, bad, stopped, err
				}
			}
			switch {
			case o.json:
				printJSON(row, run, o.count, o.passes)
			case !o.fp && run == 0:
				printRow(row)
				if o.passes {
					printPasses(row.r.Passes)
				}
			}
		}
		if run == 0 {
			first = rows
			for _, row := range rows {
				if row.err != nil {
					bad = append(bad, row.err.Error())
				}
			}
		} else {
			for i, row := range rows {
				if row.r.Nodes != first[i].r.Nodes || row.r.Score != first[i].r.Score {
					bad = append(bad, fmt.Sprintf("%s: run %d searched %d nodes, run 1 %d: the search is not deterministic", row.pos.ID, run+1, row.r.Nodes, first[i].r.Nodes))
				}
			}
		}
		if !o.json && !o.fp {
			printTotal(rows, run, o.count)
			if o.passes && run == 0 {
				printPassShares(rows)
			}
		}
	}
	return first, bad, stopped, nil
}

// solvePositions returns what -set, -obf or -board name.
func solvePositions(o *solveOpts) (string, []solver.Position, error) {
	given := 0
	for _, s := range []string{o.set, o.obf, o.board} {
		if s != "" {
			given++
		}
	}
	if given > 1 {
		return "", nil, &exitError{2, "solve: give one of -set, -obf and -board"}
	}
	switch {
	case o.board != "":
		p, err := kernels.ParsePosition(o.board)
		if err == nil {
			err = p.Valid()
		}
		if err != nil {
			return "", nil, &exitError{2, "solve: -board: " + err.Error()}
		}
		return "board", []solver.Position{{ID: "1", Position: p}}, nil
	case o.obf != "":
		f, err := os.Open(o.obf)
		if err != nil {
			return "", nil, &exitError{2, "solve: " + err.Error()}
		}
		defer f.Close()
		out, err := solver.ReadOBF(f, o.obf)
		if err != nil {
			return "", nil, &exitError{2, "solve: " + err.Error()}
		}
		return o.obf, out, nil
	}
	name := o.set
	if name == "" {
		name = "ffo1-19"
	}
	set, err := solver.Set(name)
	if err != nil {
		return "", nil, &exitError{2, "solve: -set: " + err.Error()}
	}
	return name, set, nil
}

// checkSolved compares a result with what is known of the position.
func printHeader() {
	fmt.Fprintf(stdout, "%4s %7s %5s %4s %13s %12s %8s  %s\n", "#", "empties", "score", "best", "nodes", "time", "Mnps", "principal variation")
	fmt.Fprintln(stdout, strings.Repeat("-", 80))
}

func mnps(nodes uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(nodes) / d.Seconds() / 1e6
}

func printRow(row solved) {
	r := row.r
	mark := ""
	if row.err != nil {
		mark = "  WRONG"
	}
	fmt.Fprintf(stdout, "%4s %7d %+5d %4s %13d %12s %8.1f  %s%s\n", row.pos.ID, row.pos.NumEmpties(), r.Score,
		kernels.SquareName(r.Best), r.Nodes, fmtDur(r.Time), mnps(r.Nodes, r.Time), pvString(r.PV, 10), mark)
}

func printTotal(rows []solved, run, count int) {
	var nodes uint64
	var t time.Duration
	for _, row := range rows {
		nodes += row.r.Nodes
		t += row.r.Time
	}
	label := "total"
	if count > 1 {
		label = fmt.Sprintf("run %d/%d", run+1, count)
	}
	if run == 0 {
		fmt.Fprintln(stdout, strings.Repeat("-", 80))
	}
	fmt.Fprintf(stdout, "%-24s %13d %12s %8.1f\n", label, nodes, fmtDur(t), mnps(nodes, t))
}

func fmtDur(d time.Duration) string {
	return fmt.Sprintf("%d:%06.3f", int(d.Minutes()), d.Seconds()-60*float64(int(d.Minutes())))
}

func pvString(pv []int, max int) string {
	var s []string
	for i, x := range pv {
		if i == max {
			s = append(s, "...")
			break
		}
		s = append(s, kernels.SquareName(x))
	}
	return strings.Join(s, " ")
}

type solveJSON struct {
	ID      string     `json:"id"`
	Run     int        `json:"run,omitempty"`
	Board   string     `json:"board"`
	Side    string     `json:"side"`
	Empties int        `json:"empties"`
	Score   int        `json:"score"`
	Best    string     `json:"best"`
	PV      []string   `json:"pv"`
	Nodes   uint64     `json:"nodes"`
	NS      int64      `json:"ns"`
	Known   *int       `json:"known_score,omitempty"`
	Passes  []passJSON `json:"passes,omitempty"`
	Error   string     `json:"error,omitempty"`
}

func printJSON(row solved, run, count int, passes bool) {
	s := row.pos.Position.String()
	j := solveJSON{ID: row.pos.ID, Board: s[:64], Side: s[65:], Empties: row.pos.NumEmpties(),
		Score: row.r.Score, Best: kernels.SquareName(row.r.Best), PV: []string{}, Nodes: row.r.Nodes, NS: row.r.Time.Nanoseconds()}
	if count > 1 {
		j.Run = run + 1
	}
	for _, x := range row.r.PV {
		j.PV = append(j.PV, kernels.SquareName(x))
	}
	if row.pos.HasScore {
		sc := row.pos.Score
		j.Known = &sc
	}
	if row.err != nil {
		j.Error = row.err.Error()
	}
	if passes {
		for _, p := range row.r.Passes {
			j.Passes = append(j.Passes, passJSON{Level: p.Level, Sigma: p.Sigma, Alpha: p.Alpha, Beta: p.Beta, Score: p.Score,
				Best: kernels.SquareName(p.Best), Nodes: p.Nodes, NS: p.Time.Nanoseconds()})
		}
	}
	b, _ := json.Marshal(j)
	fmt.Fprintln(stdout, string(b))
}

// fingerprint is a short hash of every position's node count (and
// score): equal for every variant set on the same weights.
func fingerprint(rows []solved) string {
	h := fnv.New64a()
	for _, row := range rows {
		fmt.Fprintf(h, "%s:%d:%d;", row.pos.ID, row.r.Score, row.r.Nodes)
	}
	return fmt.Sprintf("%016x", h.Sum64())[:12]
}

// ---- results files ----

// solveResults writes the solves of a session as results: one benchfmt
// result per position and run, SolvePosition/set=<set>/id=<id> (or
// /board=<hash> for positions without an id: -obf, -board), 1 iteration,
// with ns/op, nodes/op, and as plain labels (no statistic makes sense of
// them) empties, score and best-square (a1=0 .. h8=63, 64 pass, 65 none).
type solveResults struct {
	s    *session // writes to its results file
	path string
	cfg  []benchfmt.Config
	set  string
	byID bool
	ok   bool // the file is in place
}

// createSolveResults opens the results file of -o or -save.
func createSolveResults(s *session, o *solveOpts, name string, sv *solver.Solver, cpu variants.CPUInfo) (*solveResults, error) {
	now := time.Now()
	set, byID := "board", false
	switch {
	case o.obf != "":
		set = strings.TrimSuffix(filepath.Base(o.obf), filepath.Ext(o.obf))
	case o.board == "":
		set, byID = name, true
	}
	set = nameValue(set)
	ev, err := describeEval(*o.eval)
	if err != nil {
		return nil, err
	}
	hashBits := "auto"
	if o.hash != 0 {
		hashBits = fmt.Sprint(o.hash)
	}
	cfg := bench.MachineConfig(now, cpu)
	cfg = append(cfg, ev.config()...)
	cfg = append(cfg, [2]string{resultsfile.KeyVariants, sv.Kernels().String()}, [2]string{resultsfile.KeyHashBits, hashBits})
	path := o.out
	if path == "" {
		path = bench.ResultsName(bench.ResultsDir(), cpu.ID(), now, "solve-"+set+"-eval-"+nameValue(ev.name))
	}
	if err := s.create(path); err != nil {
		return nil, &exitError{2, "solve: " + err.Error()}
	}
	if err := writeExactUnits(s.rf, "nodes/op", "empties", "score", "best-square"); err != nil {
		s.rf.Abort()
		s.rf = nil
		return nil, err
	}
	return &solveResults{s: s, path: path, cfg: resultsfile.Config(cfg), set: set, byID: byID}, nil
}

// writeExactUnits marks units whose values do not vary between runs (for
// benchstat: any difference is a warning, no interval is computed).
func writeExactUnits(rf *bench.ResultsFile, units ...string) error {
	for _, u := range units {
		if err := rf.WriteUnit(resultsfile.ExactUnit(u)); err != nil {
			return fmt.Errorf("%s: %v", rf.Path, err)
		}
	}
	return nil
}

func (r *solveResults) write(row solved) error {
	name := "SolvePosition/set=" + r.set
	if r.byID {
		name += "/id=" + nameValue(row.pos.ID)
	} else {
		h := fnv.New64a()
		h.Write([]byte(row.pos.Position.String()))
		name += fmt.Sprintf("/board=%016x", h.Sum64())[:len("/board=")+12]
	}
	res := &benchfmt.Result{Name: benchfmt.Name(name), Iters: 1, Config: r.cfg, Values: []benchfmt.Value{
		{Value: float64(row.r.Time.Nanoseconds()), Unit: "ns/op"},
		{Value: float64(row.r.Nodes), Unit: "nodes/op"},
		{Value: float64(row.pos.NumEmpties()), Unit: "empties"},
		{Value: float64(row.r.Score), Unit: "score"},
		{Value: float64(row.r.Best), Unit: "best-square"},
	}}
	if err := r.s.rf.Write(res); err != nil {
		return fmt.Errorf("%s: %v", r.path, err)
	}
	return nil
}

// close puts the file in place and says where (on stderr: stdout may be
// -json's), an interrupted session's file marked incomplete first; it
// reports whether the file is there (a second call does nothing).
func (r *solveResults) close(s *session) bool {
	if s.rf == nil {
		return r.ok
	}
	n := s.rf.Results()
	why := ""
	if s.interrupted() {
		why = fmt.Sprintf("interrupted after %d solves", n)
	}
	if err := s.close(why); err != nil { // ErrNoResults too: interrupted before the first solve
		fmt.Fprintf(os.Stderr, "flipbench: %s: %v\n", r.path, err)
		return false
	}
	fmt.Fprintf(os.Stderr, "flipbench: %d results in %s\n", n, r.path)
	r.ok = true
	return true
}

// nameValue makes s usable as a value in a benchmark name or a file name:
// no '/', spaces or '=' (and nothing else unusual).
func nameValue(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '+') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// evalDesc identifies the evaluation weights of a run in its results file.
type evalDesc struct {
	name     string // default, none, or the file's base name
	note     string // how the weights were made (one line)
	checksum string // of the weights' values, whatever the file format
}

func describeEval(spec string) (evalDesc, error) {
	set, err := loadEvalSet(spec)
	if err != nil {
		return evalDesc{}, err
	}
	d := evalDesc{name: spec}
	switch {
	case set == nil:
		d.name = "none"
		return d, nil
	case spec == "":
		d.name = "default"
	case spec != "default":
		d.name = filepath.Base(spec)
	}
	d.note = strings.Join(strings.Fields(set.Note), " ")
	if len(d.note) > 200 {
		d.note = d.note[:197] + "..."
	}
	h := sha256.New()
	var buf []byte
	for _, t := range set.Plies {
		buf = buf[:0]
		for _, v := range t {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		}
		h.Write(buf)
	}
	d.checksum = fmt.Sprintf("%x", h.Sum(nil))[:16]
	return d, nil
}

func (d evalDesc) config() [][2]string {
	cfg := [][2]string{{resultsfile.KeyEval, d.name}}
	if d.note != "" {
		cfg = append(cfg, [2]string{resultsfile.KeyEvalNote, d.note})
	}
	if d.checksum != "" {
		cfg = append(cfg, [2]string{resultsfile.KeyEvalChecksum, "sha256:" + d.checksum})
	}
	return cfg
}
