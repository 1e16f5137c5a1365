package report

import (
	"cmp"
	"fmt"
	"github.com/flipbench/flipbench/harness/resultsfile"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/flipbench/flipbench/harness/bench"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/results"
	"github.com/flipbench/flipbench/variants"
)

// addColumns adds every result (addResult: its column, files, dates and
// kinds, as benchtab's Builder.Add takes results one at a time), then
// finishes the columns: the sessions each shows and replaces, the A/A
// twins, the labels and the page's column order.
func (r *Report) addColumns(all []*benchfmt.Result, kernelFiles map[string][]string) {
	for _, res := range all {
		r.addResult(res)
	}
	used := sessionsOf(r.ds)
	for _, m := range r.Machines {
		m.Sessions = used[m.ID]
		for _, f := range kernelFiles[m.ID] {
			if !slices.Contains(m.Sessions, f) {
				m.Replaced = append(m.Replaced, f)
			}
		}
	}
	r.twins()
	labels := map[string]int{}
	for _, m := range r.Machines {
		labels[m.baseLabel()]++
	}
	for _, m := range r.Machines {
		if labels[m.baseLabel()] > 1 {
			m.label = m.baseLabel() + " [" + m.CPU + "]"
		}
		slices.Sort(m.Dates)
		slices.Sort(m.Commits) // by date
	}
	// by CPU, each CPU's default build first, then its flavours
	slices.SortFunc(r.Machines, func(a, b *Machine) int {
		return cmp.Or(strings.Compare(strings.TrimSuffix(a.Label(), " · "+a.Flavour), strings.TrimSuffix(b.Label(), " · "+b.Flavour)),
			strings.Compare(a.CPU, b.CPU), strings.Compare(a.Flavour, b.Flavour))
	})
}

// picks runs pick's rule (stats.Pick) on every default-build column, on
// the results pick reads for that CPU, judged by that CPU's features:
// the winners table shows what pick chooses there, and why where it is
// not the fastest the page names.
func (r *Report) picks(ds *stats.Dataset) {
	r.Picks = map[string]map[string]results.KernelChoice{}
	for _, m := range r.Machines {
		if m.Flavour != "" {
			continue
		}
		var cpu variants.CPUInfo
		found := false
		for _, v := range ds.Views() {
			if resultsfile.CPUOf(v) == m.CPU {
				cpu, found = resultsfile.CPUInfoOf(v)
				if found {
					break
				}
			}
		}
		if !found {
			continue
		}
		byKernel := map[string]results.KernelChoice{}
		for _, kc := range stats.Pick(ds, m.CPU, stats.PickOptions{Margin: r.opts.Margin, Confidence: r.opts.Confidence, CPU: cpu}) {
			byKernel[kc.Kernel] = kc
		}
		r.Picks[m.ID] = byKernel
	}
}

// addResult adds a result's machine, files, dates and kinds.
func (r *Report) addResult(res *benchfmt.Result) {
	id := res.GetConfig(machineKey)
	m := r.byID[id]
	if m == nil {
		m = &Machine{ID: id, CPU: resultsfile.CPUOf(res), Flavour: stats.Flavour(res), Brand: res.GetConfig(resultsfile.KeyCPU), Uarch: res.GetConfig(resultsfile.KeyUarch),
			Level: res.GetConfig(resultsfile.KeyX64Level), Go: res.GetConfig(resultsfile.KeyGo), Features: res.GetConfig(resultsfile.KeyCPUFeatures)}
		r.byID[id] = m
		r.Machines = append(r.Machines, m)
	}
	f := res.GetConfig(resultsfile.KeyFile)
	m.Embedded = m.Embedded || strings.HasPrefix(f, EmbeddedPrefix)
	addOnce(&m.Files, f)
	if string(res.Name.Base()) == "Kernel" {
		kv := nameKey(res, "kernel") + "/" + nameKey(res, "variant")
		if _, ok := r.kinds[kv]; !ok {
			r.kinds[kv] = resultsfile.KindOf(res)
		}
		if c := res.GetConfig(resultsfile.KeyCompiler); c != "" && r.kinds[kv] == variants.KindC {
			cs := r.compiler[kv]
			addOnce(&cs, c)
			r.compiler[kv] = cs
		}
		if res.GetConfig(resultsfile.KeyImpl) == variants.KindC {
			return // cbench's runs: not the machine's flipbench runs
		}
	}
	addOnce(&m.Commits, res.GetConfig(resultsfile.KeyDate)+" "+bench.ShortCommit(res.GetConfig(resultsfile.KeyCommit)))
	addOnce(&m.Dates, res.GetConfig(resultsfile.KeyDate))
	if c, bt := res.GetConfig(resultsfile.KeyCount), res.GetConfig(resultsfile.KeyBenchtime); c != "" {
		run := "-count " + c + " -benchtime " + bt
		if res.GetConfig(resultsfile.KeySchedule) == bench.Schedule {
			run = c + " rounds of " + bt
		}
		addOnce(&m.Runs, run)
	}
	if string(res.Name.Base()) == "Kernel" {
		addOnce(&m.States, r.stateOf(res))
		m.OldMethod = m.OldMethod || res.GetConfig(resultsfile.KeyProcesses) == ""
	}
}

// stateOf is the machine's state in a kernel session's file:
// "hypervisor KVMKVMKVM; governor none; boost unknown; SMT off; THP
// madvise; load 0.52; linux 6.1", or "not recorded" for a session before
// these lines. (The load at the session's end follows its last result in
// the file, where a perfdata server, which keeps results, does not keep
// it: the page shows the start's, the same from files and from a server.)
func (r *Report) stateOf(res *benchfmt.Result) string {
	if res.GetConfig(resultsfile.KeyGovernor) == "" {
		return "not recorded"
	}
	load, _, _ := strings.Cut(res.GetConfig(resultsfile.KeyLoadStart), " ")
	return fmt.Sprintf("hypervisor %s; governor %s; boost %s; SMT %s; THP %s; load %s; %s", res.GetConfig(resultsfile.KeyHypervisor), res.GetConfig(resultsfile.KeyGovernor),
		res.GetConfig(resultsfile.KeyBoost), res.GetConfig(resultsfile.KeySMT), res.GetConfig(resultsfile.KeyTHP), load, res.GetConfig(resultsfile.KeyOSKernel))
}

// sessionsOf lists, per machine column, the files holding its flipbench
// kernel results (cbench's left out), in read order.
func sessionsOf(ds *stats.Dataset) map[string][]string {
	out := map[string][]string{}
	for _, v := range ds.Views() {
		if string(v.Name.Base()) != "Kernel" || v.GetConfig(resultsfile.KeyImpl) == variants.KindC {
			continue
		}
		id := machineID(v)
		fs := out[id]
		addOnce(&fs, v.GetConfig(resultsfile.KeyFile))
		out[id] = fs
	}
	return out
}

// twins compares, per machine, every group's A/A twin with the variant
// it copies: the sessions' own false-positive check.
func (r *Report) twins() {
	t := unitTable(r.build(".name:Kernel .unit:ns/op", "/kernel,/variant,/form,/size,/len,/"+bench.TwinKey, machineKey), "sec/op")
	if t == nil {
		return
	}
	for _, row := range t.Rows {
		if stats.FieldValue(row, "/"+bench.TwinKey) == "" {
			continue
		}
		for _, col := range t.Cols {
			tw := t.Cell(row, col)
			if tw == nil {
				continue
			}
			var orig *stats.Cell
			for _, o := range t.Rows {
				if stats.FieldValue(o, "/"+bench.TwinKey) == "" && sameCase(o, row) {
					orig = t.Cell(o, col)
				}
			}
			if orig == nil {
				continue
			}
			m := r.byID[col.StringValues()]
			if m == nil {
				continue
			}
			name := strings.Join(slices.DeleteFunc([]string{stats.FieldValue(row, "/kernel"), stats.FieldValue(row, "/variant"),
				stats.FieldValue(row, "/form"), stats.FieldValue(row, "/size"), stats.FieldValue(row, "/len")}, func(s string) bool { return s == "" }), " ")
			m.Twins = append(m.Twins, TwinCheck{Case: name, Cmp: t.Compare(orig, tw)})
		}
	}
}

// sameCase: two rows of the twins' table name the same case but for the
// twin key.
func sameCase(a, b benchproc.Key) bool {
	for _, f := range []string{"/kernel", "/variant", "/form", "/size", "/len"} {
		if stats.FieldValue(a, f) != stats.FieldValue(b, f) {
			return false
		}
	}
	return true
}

// addEmbedded adds to ds the embedded results of the CPUs that dir has
// neither a folder nor a result of.
func addEmbedded(ds *stats.Dataset, dir string) error {
	have := map[string]bool{}
	for _, v := range ds.Views() {
		have[resultsfile.CPUOf(v)] = true
	}
	for _, f := range ds.Files {
		have[filepath.Base(filepath.Dir(f))] = true
	}
	srcs, err := resultsfile.FSSources(results.FS(), EmbeddedPrefix)
	if err != nil {
		return err
	}
	var take []resultsfile.Source
	for _, s := range srcs {
		id, _, _ := strings.Cut(strings.TrimPrefix(s.Name, EmbeddedPrefix), "/")
		if !have[id] {
			take = append(take, s)
		}
	}
	if len(take) == 0 {
		return nil
	}
	emb, err := stats.ReadSources(take...)
	if err != nil {
		return err
	}
	// embedded CPUs whose results turn out to be on disk under another
	// folder name are left out too
	drop := map[string]bool{}
	for _, v := range emb.Views() {
		if have[resultsfile.CPUOf(v)] {
			drop[v.GetConfig(resultsfile.KeyFile)] = true
		}
	}
	emb.Keep(func(i int) bool { return !drop[emb.FileOf(i)] })
	var files []string
	for _, f := range emb.Files {
		if !drop[f] {
			files = append(files, f)
		} else {
			delete(emb.Incomplete, f)
		}
	}
	emb.Files = files
	ds.Append(emb)
	return nil
}
