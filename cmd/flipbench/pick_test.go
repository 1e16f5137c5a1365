package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/variants"
)

// pick = the page: for every CPU of the committed results, flipbench pick
// run on that CPU's files chooses, for every kernel, the variant the
// winners table of BENCHMARKS.md shows as pick's in that CPU's column,
// and where that is not the cell's fastest variant the table has a note
// saying why. And the page is stable: made twice from the same results,
// it is the same byte for byte, its kernel sections in the registry's
// order whatever order the sessions ran them in.
func TestPickIsThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every committed results file")
	}
	page := func() []byte {
		dir := t.TempDir()
		md := filepath.Join(dir, "BENCHMARKS.md")
		if code, out, errOut := runCLI2(t, "report", "-results", "../../results", "-embedded=false", "-o", md, "-charts", filepath.Join(dir, "charts")); code != 0 {
			t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
		}
		data, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		// the links to the results are relative to each page's folder
		return regexp.MustCompile(`\]\([^)]*\)`).ReplaceAll(data, []byte("]()"))
	}
	data := page()
	if again := page(); !bytes.Equal(data, again) {
		a, b := strings.Split(string(data), "\n"), strings.Split(string(again), "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("two reports of the same results differ at line %d:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("two reports of the same results differ in length")
	}
	var order []string
	for _, k := range variants.Kernels() {
		order = append(order, k.Name())
	}
	last := -1
	for _, line := range strings.Split(string(data), "\n") {
		if i := slices.Index(order, strings.TrimPrefix(line, "## ")); strings.HasPrefix(line, "## ") && i >= 0 {
			if i < last {
				t.Errorf("kernel section %s after %s: not the registry's order", order[i], order[last])
			}
			last = i
		}
	}
	head, rows, notes := winnersTable(t, string(data))
	cpus, err := filepath.Glob("../../results/*/*-kernels*.txt")
	if err != nil || len(cpus) == 0 {
		t.Fatalf("no committed kernel results: %v", err)
	}
	checked := 0
	for _, cpuDir := range uniqueDirs(cpus) {
		files, _ := filepath.Glob(filepath.Join(cpuDir, "*.txt"))
		code, out, errOut := runCLI2(t, append([]string{"pick", "-n"}, files...)...)
		if code != 0 {
			t.Fatalf("pick on %s: exit %d\n%s%s", cpuDir, code, out, errOut)
		}
		choices := pickTable(out)
		col := -1
		for i, h := range head {
			// the default build's column of that CPU: its label has no flavour
			if !strings.Contains(h, " · ") && columnOf(t, string(data), h) == filepath.Base(cpuDir) {
				col = i
			}
		}
		if col < 0 {
			t.Errorf("%s: no default-build column in the winners table", cpuDir)
			continue
		}
		for _, row := range rows {
			kernel, _, _ := strings.Cut(row[0], " ")
			cell := row[col]
			if cell == "" {
				continue
			}
			choice, ok := choices[kernel]
			if !ok {
				t.Errorf("%s: pick printed no choice for %s", cpuDir, kernel)
				continue
			}
			if !strings.Contains(cell, "pick: **"+choice+"**") {
				t.Errorf("%s, %s: pick chooses %s; the page's cell says %q", cpuDir, kernel, choice, cell)
				continue
			}
			checked++
			fastest := strings.TrimPrefix(cell, "**")
			fastest, _, _ = strings.Cut(fastest, "**")
			if fastest != choice && !slices.ContainsFunc(notes, func(n string) bool {
				return strings.Contains(n, ", "+kernel+": pick chooses "+choice+", not "+fastest+": ")
			}) {
				t.Errorf("%s, %s: pick chooses %s, the cell names %s, and no note says why", cpuDir, kernel, choice, fastest)
			}
		}
	}
	if checked < 20 {
		t.Errorf("%d cells checked against pick: the table or pick's output was not read", checked)
	}
}

// winnersTable cuts the winners table out of the page: its header, its
// rows (cells split) and the numbered notes under it.
func winnersTable(t *testing.T, md string) (head []string, rows [][]string, notes []string) {
	t.Helper()
	_, sec, ok := strings.Cut(md, "## Fastest variant per kernel and CPU\n")
	if !ok {
		t.Fatal("no winners table in the report")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	for _, line := range strings.Split(sec, "\n") {
		switch {
		case strings.HasPrefix(line, "| kernel |"):
			head = splitRow(line)
		case strings.HasPrefix(line, "|---"):
		case strings.HasPrefix(line, "| "):
			rows = append(rows, splitRow(line))
		case len(line) > 2 && line[0] >= '1' && line[0] <= '9' && strings.Contains(line, ". "):
			notes = append(notes, line)
		}
	}
	if len(head) < 2 || len(rows) == 0 {
		t.Fatalf("winners table not found: head %q, %d rows", head, len(rows))
	}
	return head, rows, notes
}

func splitRow(line string) []string {
	cells := strings.Split(strings.Trim(line, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// columnOf is the CPU identity of a column label, by the machines table.
func columnOf(t *testing.T, md, label string) string {
	for _, line := range strings.Split(md, "\n") {
		if c := splitRow(line); strings.HasPrefix(line, "| ") && len(c) > 1 && c[0] == label {
			return strings.Trim(c[1], "`")
		}
	}
	return ""
}

// pickTable reads pick's table: kernel -> choice.
func pickTable(out string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] != "KERNEL" && !strings.Contains(f[0], ":") && !strings.HasSuffix(f[0], ".") {
			if _, seen := m[f[0]]; !seen {
				m[f[0]] = f[1]
			}
		}
		if strings.HasPrefix(line, "why:") {
			break
		}
	}
	return m
}

func uniqueDirs(files []string) []string {
	var out []string
	for _, f := range files {
		if d := filepath.Dir(f); !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}
