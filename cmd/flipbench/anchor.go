package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// flipbench anchor imports what the anchors kit's edax-vs.sh printed
// (../shared/anchors/, outside the project: flipbench's solver and the C
// engine Edax-AVX in turn on the same positions, weights and hash size)
// as a results file, which the report shows beside flipbench's own whole
// solves. The project never runs, ships or copies Edax (GPL): it reads
// only the text the user saved.

func init() {
	register(&command{
		name:    "anchor",
		summary: "import a saved transcript of the anchors kit's edax-vs.sh (flipbench's solver beside Edax-AVX's on the same machine, positions, weights and hash) as a results file that flipbench report shows",
		usage: "[-bottom asm|asm-calls|gosimd|go] [-pgo on|off] [-goexperiment X] [-o FILE] TRANSCRIPT\n\n" +
			"TRANSCRIPT is what ../shared/anchors/edax-vs.sh printed, e.g.\n" +
			"  mkdir -p tmp && ../shared/anchors/edax-vs.sh ffo20-39 | tee tmp/vs.txt\n" +
			"  flipbench anchor tmp/vs.txt\n" +
			"The transcript does not say how edax-vs.sh built flipbench: -pgo and -goexperiment\n" +
			"default to this binary's own build, so give both commands the same environment, e.g.\n" +
			"  GOEXPERIMENT=simd GOFLAGS=-pgo=off ../shared/anchors/edax-vs.sh ffo20-39 -bottom gosimd | tee tmp/vs.txt\n" +
			"  GOEXPERIMENT=simd GOFLAGS=-pgo=off go run ./cmd/flipbench anchor -bottom gosimd tmp/vs.txt\n" +
			"and -bottom what was given to edax-vs.sh after SET (asm if nothing). Import on the machine\n" +
			"that measured: the file goes to its folder, results/<cpu-id>/<date>-edax-vs-<set>-bottom-<b>[-pgo-off].txt.",
		setup: func(fs *flag.FlagSet) func([]string) error {
			o := &anchorOpts{}
			pgo := "on"
			if !bench.BuildPGO() {
				pgo = "off"
			}
			fs.StringVar(&o.bottom, "bottom", variants.BottomAsm, "the bottom flipbench solved on (the -bottom given to edax-vs.sh after SET): "+strings.Join(variants.BottomNames, ", "))
			fs.StringVar(&o.pgo, "pgo", pgo, "whether the flipbench edax-vs.sh built had the PGO profile: on, or off (GOFLAGS=-pgo=off); the default is this binary's own build")
			fs.StringVar(&o.goexperiment, "goexperiment", bench.BuildGOEXPERIMENT(), "the GOEXPERIMENT edax-vs.sh built flipbench with (gosimd needs simd; -goexperiment= for none); the default is this binary's own build")
			fs.StringVar(&o.out, "o", "", "write the results to this file instead of results/<cpu-id>/<date>-edax-vs-<set>-bottom-<b>[-pgo-off].txt")
			return func(args []string) error {
				switch {
				case len(args) == 0:
					return &exitError{2, "anchor: name the saved transcript of edax-vs.sh (flipbench help anchor)"}
				case len(args) > 1:
					return &exitError{2, fmt.Sprintf("anchor: unexpected argument %q: one transcript at a time", args[1])}
				}
				return runAnchor(o, args[0])
			}
		},
	})
}

type anchorOpts struct {
	bottom, pgo, goexperiment, out string
}

// anchorMaxBytes bounds a transcript: a few lines per run.
const anchorMaxBytes = 4 << 20

// anchorMaxName bounds the set's name (in a file name and a benchmark
// name) and the Edax binary's.
const anchorMaxName = 80

// anchorSource is the source configuration line of the files anchor writes.
const anchorSource = "edax-vs.sh"

// anchorSide is one engine's figures in one run.
type anchorSide struct {
	wall, search float64 // seconds
	nodes        uint64
}

// anchorRun is one run line: flipbench's solve of the set, then Edax's.
type anchorRun struct {
	fb, edax anchorSide
}

// anchorTranscript is a transcript of edax-vs.sh.
type anchorTranscript struct {
	setArg   string // SET as given to edax-vs.sh (an FFO range or an OBF file)
	set      string // its name in file and benchmark names
	edax     string // the Edax binary's base name
	hashBits int
	runs     []anchorRun
}

var (
	anchorRunRE = regexp.MustCompile(`^run ([0-9]+): flipbench (\S+) s wall, (\S+) s search \((\S*) nodes\)\s+edax (\S+) s wall, (\S+) s search \((\S*) nodes\)$`)
	anchorSumRE = regexp.MustCompile(`^(.+?) vs (.+?), hash 2\^([0-9]+), medians of ([0-9]+): wall (\S+) / (\S+) s = (\S+); search only (\S+) / (\S+) s = (\S+) \(flipbench / edax\)$`)
)

const (
	anchorRunForm = "run N: flipbench W s wall, S s search (N nodes)   edax W s wall, S s search (N nodes)"
	anchorSumForm = "SET vs EDAX, hash 2^B, medians of N: wall W / W s = R; search only S / S s = R (flipbench / edax)"
)

// readAnchor reads a transcript file, at most anchorMaxBytes.
func readAnchor(name string) (*anchorTranscript, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a transcript of edax-vs.sh", name)
	}
	data, err := io.ReadAll(io.LimitReader(f, anchorMaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > anchorMaxBytes {
		return nil, fmt.Errorf("%s: more than %d MiB: a transcript of edax-vs.sh is a few lines per run; is it the right file?", name, anchorMaxBytes>>20)
	}
	return parseAnchor(name, data)
}

// parseAnchor reads edax-vs.sh's output: its run lines ("run N: ...",
// numbered 1..N in order, every one well formed) and its summary line
// after them, whose "medians of N" is the number of run lines and whose
// medians are those of the run lines. Other lines (go build's messages)
// are ignored.
func parseAnchor(name string, data []byte) (*anchorTranscript, error) {
	tr := &anchorTranscript{}
	sumLine, medians := 0, 0
	var sum []string
	bad := func(n int, format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, a...))
	}
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r \t")
		fields := strings.Fields(line)
		switch {
		case len(fields) > 0 && fields[0] == "run":
			if sumLine != 0 {
				return nil, bad(n, "a run line after the summary line (line %d): two transcripts in one file?", sumLine)
			}
			m := anchorRunRE.FindStringSubmatch(line)
			if m == nil {
				return nil, bad(n, "not a run line of edax-vs.sh: %s (want %q)", quoteLine(line), anchorRunForm)
			}
			num, err := strconv.Atoi(m[1])
			if err != nil || num != len(tr.runs)+1 {
				return nil, bad(n, "run %s where run %d was expected: runs are numbered 1, 2, ... in order (two transcripts in one file?)", m[1], len(tr.runs)+1)
			}
			u, err := anchorRunOf(m)
			if err != nil {
				return nil, bad(n, "run %d: %v", num, err)
			}
			tr.runs = append(tr.runs, u)
		case strings.Contains(line, ", medians of ") || strings.HasSuffix(line, "(flipbench / edax)"):
			if sumLine != 0 {
				return nil, bad(n, "a second summary line (the first is line %d): one transcript per import", sumLine)
			}
			m := anchorSumRE.FindStringSubmatch(line)
			if m == nil {
				return nil, bad(n, "not the summary line of edax-vs.sh: %s (want %q)", quoteLine(line), anchorSumForm)
			}
			sumLine, sum = n, m
			tr.setArg, tr.edax = m[1], m[2]
			var err error
			if tr.hashBits, err = strconv.Atoi(m[3]); err != nil || tr.hashBits < 2 || tr.hashBits > kernels.MaxHashBits {
				return nil, bad(n, "hash 2^%s: want 2^2 .. 2^%d", m[3], kernels.MaxHashBits)
			}
			if medians, err = strconv.Atoi(m[4]); err != nil || medians < 1 {
				return nil, bad(n, "medians of %s: want a number of runs, at least 1", m[4])
			}
			for _, s := range []string{m[5], m[6], m[8], m[9]} {
				if _, err := anchorSeconds(s); err != nil {
					return nil, bad(n, "median %q: %v", s, err)
				}
			}
		}
	}
	if sumLine == 0 {
		if len(tr.runs) == 0 {
			return nil, fmt.Errorf("%s: no run line and no summary line: not a transcript of edax-vs.sh (want lines %q, then %q)", name, anchorRunForm, anchorSumForm)
		}
		return nil, fmt.Errorf("%s: no summary line after the %d run lines (want %q): edax-vs.sh stopped before its end?", name, len(tr.runs), anchorSumForm)
	}
	if medians != len(tr.runs) {
		return nil, fmt.Errorf("%s:%d: the summary says medians of %d, but the transcript has %d run lines", name, sumLine, medians, len(tr.runs))
	}
	// the summary's medians are those of the run lines: a transcript
	// edited or spliced is not imported
	if err := tr.checkMedians(sum); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, sumLine, err)
	}
	tr.set = anchorSetName(tr.setArg)
	if len(tr.set) > anchorMaxName {
		return nil, fmt.Errorf("%s:%d: the set's name %s is longer than %d characters", name, sumLine, quoteLine(tr.set), anchorMaxName)
	}
	if len(tr.edax) > anchorMaxName {
		return nil, fmt.Errorf("%s:%d: the Edax binary's name %s is longer than %d characters", name, sumLine, quoteLine(tr.edax), anchorMaxName)
	}
	tr.edax = nameValue(tr.edax)
	return tr, nil
}

// anchorRunOf reads the figures of a run line (anchorRunRE's match).
func anchorRunOf(m []string) (anchorRun, error) {
	var u anchorRun
	var err error
	for _, f := range []struct {
		what string
		s    string
		v    *float64
	}{
		{"flipbench's wall time", m[2], &u.fb.wall}, {"flipbench's search time", m[3], &u.fb.search},
		{"Edax's wall time", m[5], &u.edax.wall}, {"Edax's search time", m[6], &u.edax.search},
	} {
		if *f.v, err = anchorSeconds(f.s); err != nil {
			return u, fmt.Errorf("%s %q: %v", f.what, f.s, err)
		}
	}
	for _, f := range []struct {
		what string
		s    string
		v    *uint64
	}{{"flipbench's node count", m[4], &u.fb.nodes}, {"Edax's node count", m[7], &u.edax.nodes}} {
		if *f.v, err = anchorNodes(f.s); err != nil {
			return u, fmt.Errorf("%s %q: %v", f.what, f.s, err)
		}
	}
	return u, nil
}

// checkMedians checks that the summary's medians (anchorSumRE's match)
// are those of the run lines.
func (tr *anchorTranscript) checkMedians(sum []string) error {
	for _, c := range []struct {
		what string
		s    string
		of   func(anchorRun) float64
	}{
		{"flipbench's wall time", sum[5], func(u anchorRun) float64 { return u.fb.wall }},
		{"Edax's wall time", sum[6], func(u anchorRun) float64 { return u.edax.wall }},
		{"flipbench's search time", sum[8], func(u anchorRun) float64 { return u.fb.search }},
		{"Edax's search time", sum[9], func(u anchorRun) float64 { return u.edax.search }},
	} {
		v, _ := anchorSeconds(c.s)
		var xs []float64
		for _, u := range tr.runs {
			xs = append(xs, c.of(u))
		}
		if m := median(xs); !anchorClose(v, m) {
			return fmt.Errorf("the summary's median %s, %s s, is not the median of the run lines' (%.3f s): an edited or spliced transcript?", c.what, c.s, m)
		}
	}
	return nil
}

// anchorSeconds reads a time of the transcript: a positive number.
func anchorSeconds(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil:
		return 0, errors.New("not a number")
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, errors.New("not a finite number")
	case v <= 0:
		return 0, errors.New("a time must be positive (an engine that did not run?)")
	}
	return v, nil
}

// anchorNodes reads a node count of the transcript: a positive integer.
func anchorNodes(s string) (uint64, error) {
	if s == "" {
		return 0, errors.New("missing (the engine's output had no total?)")
	}
	v, err := strconv.ParseUint(s, 10, 64)
	switch {
	case err != nil:
		return 0, errors.New("not a node count")
	case v == 0:
		return 0, errors.New("a node count must be positive")
	case v > 1<<53:
		return 0, errors.New("more nodes than a result can hold exactly")
	}
	return v, nil
}

// anchorClose: the summary prints medians of times that the run lines
// round to milliseconds (and awk to 6 digits): they agree within that.
func anchorClose(summary, runs float64) bool {
	return math.Abs(summary-runs) <= 0.0015+1e-5*math.Abs(runs)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// anchorSetName names a set as solve -save does: an FFO range as it is,
// an OBF file by its base name without extension.
func anchorSetName(arg string) string {
	base := arg[strings.LastIndexAny(arg, `/\`)+1:]
	if ext := path.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return nameValue(base)
}

// quoteLine quotes a line of the input for a message, cut short.
func quoteLine(s string) string {
	if len(s) > 100 {
		s = s[:97] + "..."
	}
	return strconv.Quote(s)
}

// checkAnchorOpts checks the flags: known values, and the gosimd
// bottom only from a GOEXPERIMENT=simd build.
func checkAnchorOpts(o *anchorOpts) error {
	if !slices.Contains(variants.BottomNames, o.bottom) {
		return &exitError{2, fmt.Sprintf("anchor: -bottom %q: want %s", o.bottom, strings.Join(variants.BottomNames, ", "))}
	}
	if o.pgo != "on" && o.pgo != "off" {
		return &exitError{2, fmt.Sprintf("anchor: -pgo %q: want on or off", o.pgo)}
	}
	var exps []string
	if o.goexperiment != "" {
		exps = strings.Split(o.goexperiment, ",")
	}
	for _, e := range exps {
		if !goexperimentRE.MatchString(e) {
			return &exitError{2, fmt.Sprintf("anchor: -goexperiment %q: want GOEXPERIMENT's form, comma-separated lower-case names (simd, nogreenteagc, ...), or -goexperiment= for none", o.goexperiment)}
		}
	}
	if strings.HasPrefix(o.bottom, variants.BottomGoSIMD) && !slices.Contains(exps, "simd") {
		return &exitError{2, fmt.Sprintf("anchor: -bottom %s: flipbench has the gosimd bottoms only when built with GOEXPERIMENT=simd, and -goexperiment is %q "+
			"(by default this binary's own build): run anchor with the same GOEXPERIMENT=simd as edax-vs.sh, or give -goexperiment simd", o.bottom, o.goexperiment)}
	}
	return nil
}

var goexperimentRE = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// anchorConfig is the file's configuration: the machine's, with the
// build lines (goexperiment, pgo) of the flipbench measured, as declared,
// in MachineConfig's convention (a line only when set, pgo only when
// off), and the comparison's own lines.
func anchorConfig(o *anchorOpts, tr *anchorTranscript, now time.Time, cpu variants.CPUInfo) [][2]string {
	cfg := slices.DeleteFunc(bench.MachineConfig(now, cpu), func(kv [2]string) bool { return kv[0] == resultsfile.KeyGOEXPERIMENT || kv[0] == resultsfile.KeyPGO })
	if o.goexperiment != "" {
		cfg = append(cfg, [2]string{resultsfile.KeyGOEXPERIMENT, o.goexperiment})
	}
	if o.pgo == "off" {
		cfg = append(cfg, [2]string{resultsfile.KeyPGO, "off"})
	}
	// the bottom is a key of the benchmark name, not a line: a perfdata
	// server refuses a result with two labels of one name
	return append(cfg, [2]string{resultsfile.KeyEdax, tr.edax}, [2]string{resultsfile.KeyHashBits, strconv.Itoa(tr.hashBits)}, [2]string{resultsfile.KeySource, anchorSource})
}

// anchorName is the file's name under results/<cpu-id>/.
func anchorName(o *anchorOpts, tr *anchorTranscript) string {
	s := "edax-vs-" + tr.set + "-bottom-" + o.bottom
	if o.pgo == "off" {
		s += "-pgo-off"
	}
	return s
}

// anchorResults are the results of a transcript: per run, flipbench's
// then Edax's, search time as ns/op (the report's figure), wall time as
// wall-ns/op, nodes as nodes/op.
func anchorResults(o *anchorOpts, tr *anchorTranscript, cfg [][2]string) []*benchfmt.Result {
	conf := resultsfile.Config(cfg)
	base := "EdaxVs/set=" + tr.set + "/bottom=" + o.bottom + "/engine="
	var out []*benchfmt.Result
	for _, u := range tr.runs {
		for _, e := range []struct {
			engine string
			s      anchorSide
		}{{"flipbench", u.fb}, {"edax", u.edax}} {
			out = append(out, &benchfmt.Result{Name: benchfmt.Name(base + e.engine), Iters: 1, Config: conf, Values: []benchfmt.Value{
				{Value: math.Round(e.s.search * 1e9), Unit: "ns/op"},
				{Value: math.Round(e.s.wall * 1e9), Unit: "wall-ns/op"},
				{Value: float64(e.s.nodes), Unit: "nodes/op"},
			}})
		}
	}
	return out
}

// sameNodes: each engine searched the same number of nodes on every run.
func (tr *anchorTranscript) sameNodes() bool {
	for _, u := range tr.runs {
		if u.fb.nodes != tr.runs[0].fb.nodes || u.edax.nodes != tr.runs[0].edax.nodes {
			return false
		}
	}
	return true
}

func runAnchor(o *anchorOpts, file string) error {
	if err := checkAnchorOpts(o); err != nil {
		return err
	}
	tr, err := readAnchor(file)
	if err != nil {
		return &exitError{2, "anchor: " + err.Error()}
	}
	sel, err := envSelection(nil)
	if err != nil {
		return &exitError{2, err.Error()}
	}
	now := time.Now()
	cpu := sel.CPU()
	cfg := anchorConfig(o, tr, now, cpu)
	dst := o.out
	if dst == "" {
		dst = bench.ResultsName(bench.ResultsDir(), cpu.ID(), now, anchorName(o, tr))
	}
	rf, err := bench.CreateResults(dst)
	if err != nil {
		return &exitError{2, "anchor: " + err.Error()}
	}
	// exact when each engine's count is the same every run: benchstat
	// then warns of any difference instead of making an interval of it
	if tr.sameNodes() {
		if err := writeExactUnits(rf, "nodes/op"); err != nil {
			rf.Abort()
			return err
		}
	}
	for _, res := range anchorResults(o, tr, cfg) {
		if err := rf.Write(res); err != nil {
			rf.Abort()
			return fmt.Errorf("%s: %v", dst, err)
		}
	}
	if err := rf.Close(); err != nil {
		return fmt.Errorf("%s: %v", dst, err)
	}
	var ratios, fb, ed []float64
	for _, u := range tr.runs {
		ratios = append(ratios, u.fb.search/u.edax.search)
		fb, ed = append(fb, u.fb.search), append(ed, u.edax.search)
	}
	pgo := "PGO on"
	if o.pgo == "off" {
		pgo = "PGO off"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s vs %s, bottom %s, %s", tr.set, tr.edax, o.bottom, pgo)
	if o.goexperiment != "" {
		fmt.Fprintf(&b, ", GOEXPERIMENT=%s", o.goexperiment)
	}
	fmt.Fprintf(&b, ", hash 2^%d: %d runs, search %.3f / %.3f s, flipbench / Edax %.3f (median of the runs' ratios)\n",
		tr.hashBits, len(tr.runs), median(fb), median(ed), median(ratios))
	fmt.Fprintf(&b, "%d results in %s\n", rf.Results(), dst)
	_, err = stdout.Write(b.Bytes())
	return err
}
