package stats

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// A Dataset is the benchmark results of a set of files, with the lines
// that could not be read, by file:line. It is stored compactly (a result
// line costs a few dozen bytes, its name and configuration shared with
// every other line of the same benchmark and configuration), so that
// memory grows with the values the statistics keep, not with the text.
type Dataset struct {
	Problems []string // "file:line: what is wrong"
	Units    benchfmt.UnitMetadataMap
	Files    []string
	// Incomplete maps the files of interrupted sessions (their
	// resultsfile.KeyIncomplete line) to what that line says.
	Incomplete map[string]string
	// Stale lists unfinished results files (.partial) that no session is
	// writing any more: a session killed before its end (ReadDir).
	Stale []string

	views    []*benchfmt.Result // per benchmark key: name and configuration, no values
	perRound []uint32           // per benchmark key: results of a name per round (resultsfile.KeyRuns)
	parts    [][2]uint32        // per benchmark key: its session's processes and rounds (0, 0: one process)
	recs     []record
	vals     []float64
	units    []uint16
	unit     []string // unit names by id

	unitID map[string]uint16
}

// A record is one result line: its benchmark key (name, configuration,
// file), its round (the how-manieth result of that name in its file,
// from 0: results of one round are paired), its iterations and values.
type record struct {
	key   uint32
	round uint32
	iters int64
	off   uint32 // first value in vals
	n     uint16 // values
	pass  uint16 // the how-manieth run of its case in its round
}

// Limits of the reader, so that any input is read in bounded time and
// memory.
const (
	// MaxResults is the number of result lines a Dataset holds (about 34
	// bytes each, and 16 more in a table's cell: some 200 MiB at most, a
	// file of some 350 MB of text): reading more is an error that says so
	// (ErrTooManyResults).
	MaxResults = 4 << 20
	// MaxKeys bounds the distinct benchmark keys (name, configuration and
	// file): each holds a copy of its configuration.
	MaxKeys = 1 << 17
)

// ErrTooManyResults: the files hold more results than MaxResults.
var ErrTooManyResults = fmt.Errorf("more than %d results (stats.MaxResults) or %d distinct benchmarks and configurations (stats.MaxKeys): read fewer files, or split them", MaxResults, MaxKeys)

// Len is the number of results read.
func (ds *Dataset) Len() int { return len(ds.recs) }

// View is result i's benchmark: its name and configuration (with .file,
// and cpu-id where the file predates that line), without values. It is
// shared with every result of the same benchmark and configuration:
// never modify it; Result(i) gives a copy with the values.
func (ds *Dataset) View(i int) *benchfmt.Result { return ds.views[ds.recs[i].key] }

// Round is result i's round: how many results of the same name came
// before it in its file, over the runs each round makes of a case
// (resultsfile.KeyRuns). Results of one file and round ran close in time (bench
// visits every case once per round), so they are compared by their
// ratios.
func (ds *Dataset) Round(i int) int { return int(ds.recs[i].round) }

// Pass is result i's run within its round: the round went over the
// case's group that many times before (resultsfile.KeyRuns).
func (ds *Dataset) Pass(i int) int { return int(ds.recs[i].pass) }

// RunOf is result i as a Run: its value v (of the unit asked), its file's
// index in fileIdx, its round and pass.
func (ds *Dataset) RunOf(i int, v float64, fileIdx map[string]uint32) Run {
	return Run{Value: v, File: fileIdx[ds.FileOf(i)], Round: ds.recs[i].round, Pass: ds.recs[i].pass, Proc: ds.proc(ds.recs[i])}
}

// proc is a record's process in its session (Run.Proc).
func (ds *Dataset) proc(rec record) uint16 {
	pc := ds.parts[rec.key]
	if pc[1] == 0 {
		return 0
	}
	return uint16(min(rec.round*pc[0]/pc[1], pc[0]-1)) + 1
}

// FileOf is result i's file.
func (ds *Dataset) FileOf(i int) string { return ds.View(i).GetConfig(resultsfile.KeyFile) }

// Value is result i's value in a unit (tidied: sec/op for ns/op), as
// benchfmt.Result.Value.
func (ds *Dataset) Value(i int, unit string) (float64, bool) {
	r := ds.recs[i]
	for j := r.off; j < r.off+uint32(r.n); j++ {
		if ds.unit[ds.units[j]] == unit {
			return ds.vals[j], true
		}
	}
	return 0, false
}

// Result is a copy of result i with its values.
func (ds *Dataset) Result(i int) *benchfmt.Result {
	r := ds.recs[i]
	res := ds.views[r.key].Clone()
	res.Iters = int(r.iters)
	for j := r.off; j < r.off+uint32(r.n); j++ {
		res.Values = append(res.Values, ds.value(j))
	}
	return res
}

func (ds *Dataset) value(j uint32) benchfmt.Value {
	v := benchfmt.Value{Value: ds.vals[j], Unit: ds.unit[ds.units[j]]}
	if v.Unit == "sec/op" {
		v.OrigValue, v.OrigUnit = v.Value*1e9, "ns/op"
	} else if u, ok := strings.CutPrefix(v.Unit, "wall-sec/"); ok {
		v.OrigValue, v.OrigUnit = v.Value*1e9, "wall-ns/"+u
	}
	return v
}

// All is a copy of every result with its values: for small datasets
// (tests, a few files); the statistics use the compact form.
func (ds *Dataset) All() []*benchfmt.Result {
	out := make([]*benchfmt.Result, ds.Len())
	for i := range out {
		out[i] = ds.Result(i)
	}
	return out
}

// Views is the distinct benchmarks (name and configuration, per file) of
// the results kept, in the order first met: what a pass over
// configuration lines needs, without a pass over every result.
func (ds *Dataset) Views() []*benchfmt.Result {
	seen := make([]bool, len(ds.views))
	var out []*benchfmt.Result
	for _, r := range ds.recs {
		if !seen[r.key] {
			seen[r.key] = true
			out = append(out, ds.views[r.key])
		}
	}
	return out
}

// SetConfig sets a configuration line on every result, its value computed
// from the result's benchmark (its View): a label for projections, such
// as the column a result belongs in.
func (ds *Dataset) SetConfig(key string, value func(view *benchfmt.Result) string) {
	for _, v := range ds.views {
		v.SetConfig(key, value(v))
	}
}

// Clone is a copy of ds whose results can be kept or dropped (Keep,
// KeepLatest) without touching ds's; the benchmarks' views and the
// values are shared.
func (ds *Dataset) Clone() *Dataset {
	c := *ds
	c.recs = slices.Clone(ds.recs)
	c.Files = slices.Clone(ds.Files)
	c.Problems = slices.Clone(ds.Problems)
	return &c
}

// Keep keeps the results for which keep is true, in order.
func (ds *Dataset) Keep(keep func(i int) bool) {
	out := ds.recs[:0]
	for i, r := range ds.recs {
		if keep(i) {
			out = append(out, r)
		}
	}
	ds.recs = out
}

// Append adds every result of other (read by another ReadSources) after
// ds's, with its files, problems and units.
func (ds *Dataset) Append(other *Dataset) {
	base := uint32(len(ds.views))
	ds.views = append(ds.views, other.views...)
	ds.perRound = append(ds.perRound, other.perRound...)
	ds.parts = append(ds.parts, other.parts...)
	for _, r := range other.recs {
		off := uint32(len(ds.vals))
		for j := r.off; j < r.off+uint32(r.n); j++ {
			ds.vals = append(ds.vals, other.vals[j])
			ds.units = append(ds.units, ds.unitOf(other.unit[other.units[j]]))
		}
		ds.recs = append(ds.recs, record{key: base + r.key, round: r.round, pass: r.pass, iters: r.iters, off: off, n: r.n})
	}
	ds.Files = append(ds.Files, other.Files...)
	ds.Problems = append(ds.Problems, other.Problems...)
	for f, why := range other.Incomplete {
		ds.Incomplete[f] = why
	}
	for k, v := range other.Units {
		if _, ok := ds.Units[k]; !ok {
			ds.Units[k] = v
		}
	}
}

func (ds *Dataset) unitOf(u string) uint16 {
	id, ok := ds.unitID[u]
	if !ok {
		id = uint16(len(ds.unit))
		ds.unit = append(ds.unit, u)
		ds.unitID[u] = id
	}
	return id
}

func newDataset() *Dataset {
	return &Dataset{Units: benchfmt.UnitMetadataMap{}, Incomplete: map[string]string{}, unitID: map[string]uint16{}}
}

// ReadResults reads results files (resultsfile.Read says what it checks
// and skips). A file that cannot be opened is an error; so is one that is
// not a results file at all (resultsfile.NotResultsError), and more
// results than MaxResults.
func ReadResults(paths ...string) (*Dataset, error) {
	return ReadSources(resultsfile.FileSources(paths...)...)
}

// ReadSources is ReadResults of any sources.
func ReadSources(srcs ...resultsfile.Source) (*Dataset, error) {
	ds := newDataset()
	for _, src := range srcs {
		if err := ds.read(src); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

// ReadDir reads every results file under dir (dir/<cpu-id>/*.txt, in name
// order: date order within a CPU) and lists the stale unfinished files
// there (bench.StaleFiles).
func ReadDir(dir string) (*Dataset, error) {
	files, err := resultsfile.ResultsFiles(dir)
	if err != nil {
		return nil, err
	}
	ds, err := ReadResults(files...)
	if err != nil {
		return nil, err
	}
	ds.Stale = bench.StaleFiles(dir)
	return ds, nil
}

// read adds a file's results to ds, stored compactly.
func (ds *Dataset) read(src resultsfile.Source) error {
	name := src.Name
	ds.Files = append(ds.Files, name)
	rounds := map[string]uint32{}
	keys := map[keyOf]uint32{}
	var cfgs configCache
	info, err := resultsfile.Read(src, resultsfile.Handler{
		Size: ds.reserve,
		Unit: func(u *benchfmt.UnitMetadata) { ds.Units[u.UnitMetadataKey] = u },
		Result: func(rec *benchfmt.Result) error {
			if len(ds.recs) >= MaxResults {
				return fmt.Errorf("%s: %w", name, ErrTooManyResults)
			}
			k := keyOf{name: string(rec.Name), cfg: cfgs.id(rec.Config)}
			id, ok := keys[k]
			if !ok {
				if len(ds.views) >= MaxKeys {
					return fmt.Errorf("%s: %w", name, ErrTooManyResults)
				}
				id = uint32(len(ds.views))
				keys[k] = id
				v := resultsfile.View(rec, name)
				ds.views = append(ds.views, v)
				ds.perRound = append(ds.perRound, resultsfile.RunsPerRound(v))
				ds.parts = append(ds.parts, resultsfile.Parts(v))
			}
			occ := rounds[k.name]
			rounds[k.name] = occ + 1
			ds.add(id, occ, rec)
			return nil
		},
	})
	if err != nil {
		return err
	}
	ds.Problems = append(ds.Problems, info.Problems...)
	if info.Incomplete != "" {
		ds.Incomplete[name] = info.Incomplete
	}
	return nil
}

// add stores a result of benchmark key id, the occ-th of its name in its
// file.
func (ds *Dataset) add(id, occ uint32, rec *benchfmt.Result) {
	rd, pass := occ/ds.perRound[id], occ%ds.perRound[id]
	off := uint32(len(ds.vals))
	for _, v := range rec.Values {
		ds.vals = append(ds.vals, v.Value)
		ds.units = append(ds.units, ds.unitOf(v.Unit))
	}
	ds.recs = append(ds.recs, record{key: id, round: rd, pass: uint16(pass), iters: int64(rec.Iters), off: off, n: uint16(len(rec.Values))})
}

// reserve grows the arrays once for a file of known size (a result line
// is some 80 bytes), rather than by doubling as it is read.
func (ds *Dataset) reserve(size int64) {
	n := int(min(size/64, MaxResults))
	ds.recs = slices.Grow(ds.recs, n)
	ds.vals = slices.Grow(ds.vals, n)
	ds.units = slices.Grow(ds.units, n)
}

type keyOf struct {
	name string
	cfg  int
}

// configCache gives an id to each distinct configuration of a file,
// comparing the few last seen (a file changes its configuration rarely,
// or alternates between a few: the kinds of its variants).
type configCache struct {
	seen [][]benchfmt.Config
	ids  []int
	next int
}

func (c *configCache) id(cfg []benchfmt.Config) int {
	for i, s := range c.seen {
		if sameConfig(s, cfg) {
			return c.ids[i]
		}
	}
	cp := make([]benchfmt.Config, len(cfg))
	for i, x := range cfg {
		cp[i] = benchfmt.Config{Key: x.Key, Value: slices.Clone(x.Value), File: x.File}
	}
	id := c.next
	c.next++
	if len(c.seen) < 8 {
		c.seen = append(c.seen, cp)
		c.ids = append(c.ids, id)
	} else {
		c.seen[id%8], c.ids[id%8] = cp, id
	}
	return id
}

func sameConfig(a, b []benchfmt.Config) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !bytes.Equal(a[i].Value, b[i].Value) || a[i].File != b[i].File {
			return false
		}
	}
	return true
}

// KindLabel names a kind in tables.
func KindLabel(kind string) string {
	switch kind {
	case variants.KindGo:
		return "Go"
	case variants.KindGoSIMD:
		return "gosimd"
	case variants.KindAsm:
		return "asm"
	case variants.KindC:
		return "C"
	}
	return kind
}

// KeepLatest keeps, for each machine, build flavour (Flavour) and
// benchmark, only the results of the newest complete file that has it
// (files are read in date order), so that a re-run replaces an older run
// instead of mixing with it. The file of an interrupted session
// (Incomplete) never replaces a complete one: its results count only for
// benchmarks no complete file has.
func (ds *Dataset) KeepLatest() {
	fileIdx := map[string]int{}
	for i, f := range ds.Files {
		fileIdx[f] = i
		if _, bad := ds.Incomplete[f]; !bad {
			fileIdx[f] += len(ds.Files) // complete files above every incomplete one
		}
	}
	type key struct{ cpu, name, flavour string }
	newest := map[key]int{}
	keyOfView := map[*benchfmt.Result]key{}
	for i := range ds.recs {
		v := ds.View(i)
		k, ok := keyOfView[v]
		if !ok {
			k = key{resultsfile.CPUOf(v), string(v.Name.Full()), Flavour(v)}
			keyOfView[v] = k
		}
		if fi := fileIdx[v.GetConfig(resultsfile.KeyFile)]; fi >= newest[k] {
			newest[k] = fi
		}
	}
	ds.Keep(func(i int) bool {
		v := ds.View(i)
		return fileIdx[v.GetConfig(resultsfile.KeyFile)] == newest[keyOfView[v]]
	})
}

// Flavour names how a result's binary was built where it departs from
// flipbench's default build (go build with the PGO profile, no build tag,
// no experiment): "GOEXPERIMENT=simd", "PGO off", "-tags purego", joined
// by ", "; "" for the default. Results of two flavours are two runs, never
// pooled: a flavour may have variants the other lacks.
func Flavour(r *benchfmt.Result) string {
	return resultsfile.Flavour(r.GetConfig)
}

// BuildFlavour is the flavour whose variants this binary has: its
// GOEXPERIMENT (PGO or not, the variants are the same).
func BuildFlavour() string {
	return resultsfile.Flavour(func(k string) string {
		if k == resultsfile.KeyGOEXPERIMENT {
			return bench.BuildGOEXPERIMENT()
		}
		return ""
	})
}
