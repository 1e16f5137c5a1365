package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/harness/store/storetest"
	"github.com/flipbench/flipbench/variants"
)

// runCLI2 is runCLI with what the command wrote on stderr too.
func runCLI2(t *testing.T, args ...string) (code int, out, errOut string) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = f
	code, out = runCLI(t, args...)
	os.Stderr = saved
	f.Seek(0, io.SeekStart)
	data, _ := io.ReadAll(f)
	f.Close()
	return code, out, string(data)
}

// copyResults copies results/<cpu>/*.txt into dir/<cpu>/.
// newestKernels keeps every results file but kernel sessions: those of
// one CPU only (Zen 4's, the smallest), its newest. The round trip is
// the same for every file, and the others' megabytes of kernel runs only
// made the upload slow (96 s of the native run).
func newestKernels(files []string, f string) bool {
	if !strings.Contains(filepath.Base(f), "-kernels") {
		return true
	}
	if filepath.Base(filepath.Dir(f)) != "amd-zen4-f19-m11-s1" {
		return false
	}
	for _, g := range files {
		if filepath.Dir(g) == filepath.Dir(f) && strings.Contains(filepath.Base(g), "-kernels") && filepath.Base(g) > filepath.Base(f) {
			return false
		}
	}
	return true
}

func copyResults(t *testing.T, from, dir string, keep func(files []string, f string) bool) []string {
	t.Helper()
	files, err := resultsfile.ResultsFiles(from)
	if err != nil || len(files) == 0 {
		t.Fatalf("results under %s: %v", from, err)
	}
	var out []string
	for _, f := range files {
		if keep != nil && !keep(files, f) {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.Base(filepath.Dir(f)), filepath.Base(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, dst)
	}
	return out
}

var linkTarget = regexp.MustCompile(`\]\([^)]*\)`)

// From a clean clone: this CPU's fresh results (bench -upload, solve
// -upload) and the committed ones uploaded to a real server, report
// -server writes the same BENCHMARKS.md (links aside: the server's pages
// instead of files) and the same charts as report on the results
// directory; compare -server and pick -server print what compare and
// pick print on the files.
func TestServerReportSameAsResults(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a server, benchmarks and two reports")
	}
	srv := storetest.New(t, storetest.Options{})
	res := filepath.Join(t.TempDir(), "results")
	copyResults(t, filepath.Join("..", "..", "results"), res, newestKernels)
	slug := variants.Host().ID() // the results folder of this CPU
	now := time.Now().UTC().Format("2006-01-02T150405")
	fresh := filepath.Join(res, slug, now+"-kernels-flip+popcount.txt")
	code, out, errOut := runCLI2(t, "bench", "-kernel", "flip,popcount", "-count", "3", "-benchtime", "1ms", "-warmup", "1ms",
		"-progress", "off", "-o", fresh, "-upload", srv.URL)
	if code != 0 || !strings.Contains(out, "upload ") || !strings.Contains(out, fresh+": ") {
		t.Fatalf("bench -upload: exit %d\n%s%s", code, out, errOut)
	}
	solved := filepath.Join(res, slug, now+"-solve-ffo1-3-eval-default.txt")
	code, out, errOut = runCLI2(t, "solve", "-set", "ffo1-3", "-count", "3", "-o", solved, "-upload", srv.URL)
	if code != 0 || !strings.Contains(errOut, "upload ") {
		t.Fatalf("solve -upload: exit %d\n%s%s", code, out, errOut)
	}

	files, _ := resultsfile.ResultsFiles(res)
	code, out, errOut = runCLI2(t, append([]string{"upload", "-server", srv.URL}, files...)...)
	if code != 0 || !regexp.MustCompile(`(?m)^upload [0-9]+\.[0-9]+: http`).MatchString(out) ||
		!strings.Contains(out, fresh+": on the server already") {
		t.Fatalf("upload: exit %d\n%s%s", code, out, errOut)
	}

	local, remote := t.TempDir(), t.TempDir()
	if code, out, errOut := runCLI2(t, "report", "-results", res, "-o", filepath.Join(local, "B.md"), "-charts", filepath.Join(local, "charts")); code != 0 {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI2(t, "report", "-server", srv.URL, "-o", filepath.Join(remote, "B.md"), "-charts", filepath.Join(remote, "charts"))
	if code != 0 || !strings.Contains(out, "uploads of "+srv.URL) {
		t.Fatalf("report -server: exit %d\n%s%s", code, out, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(local, "B.md"))
	b, _ := os.ReadFile(filepath.Join(remote, "B.md"))
	if !bytes.Contains(b, []byte("]("+srv.URL+"/search?q=upload-part")) {
		t.Errorf("report -server does not link the server's pages of the files")
	}
	if la, lb := linkTarget.ReplaceAll(a, []byte("]()")), linkTarget.ReplaceAll(b, []byte("]()")); !bytes.Equal(la, lb) {
		t.Errorf("report -server differs from report on the results directory:\n%s", firstDiff(string(la), string(lb)))
	}
	charts, _ := filepath.Glob(filepath.Join(local, "charts", "*.svg"))
	if len(charts) < 3 {
		t.Fatalf("charts: %q", charts)
	}
	for _, c := range charts {
		x, _ := os.ReadFile(c)
		y, err := os.ReadFile(filepath.Join(remote, "charts", filepath.Base(c)))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("chart %s differs from the server's (%v)", filepath.Base(c), err)
		}
	}

	for _, c := range [][2][]string{
		{append([]string{"compare", "-latest"}, files...), {"compare", "-server", srv.URL}},
		{append([]string{"compare", "-latest", "-row", "/variant", "-col", "cpu", "-filter", "/kernel:popcount"}, files...),
			{"compare", "-row", "/variant", "-col", "cpu", "-server", srv.URL, "-q", "kernel:popcount"}},
		{append([]string{"pick", "-n"}, filesOf(files, slug)...), {"pick", "-n", "-server", srv.URL}},
	} {
		c1, o1, e1 := runCLI2(t, c[0]...)
		c2, o2, e2 := runCLI2(t, c[1]...)
		if c1 != 0 || c2 != 0 || o1 != o2 {
			t.Errorf("%s: exit %d, %v: exit %d, outputs differ:\n%s\n%s%s", c[0][0], c1, c[1], c2, firstDiff(o1, o2), e1, e2)
		}
	}
}

func filesOf(files []string, slug string) []string {
	var out []string
	for _, f := range files {
		if filepath.Base(filepath.Dir(f)) == slug {
			out = append(out, f)
		}
	}
	return out
}

// firstDiff shows the first line where two texts differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y)
		}
	}
	return "(no difference)"
}

func sum(t *testing.T, path string) [32]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

// A server that is down, a wrong URL, a refused upload: a clear error,
// a non-zero exit, the files as they were; bench -upload keeps its
// results file when the upload fails and says how to send it later.
func TestServerErrors(t *testing.T) {
	live := storetest.New(t, storetest.Options{})
	gone := storetest.New(t, storetest.Options{})
	gone.Stop()
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	refusing := storetest.New(t, storetest.Options{Data: notADir})

	files := copyResults(t, filepath.Join("..", "..", "harness", "stats", "testdata", "results"), t.TempDir(), nil)
	before := map[string][32]byte{}
	for _, f := range files {
		before[f] = sum(t, f)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"upload", "-server", gone.URL}, 1, "cannot reach the perfdata server at " + gone.URL},
		{[]string{"upload", "-server", live.URL + "/nothere"}, 1, "does not answer as a perfdata server"},
		{[]string{"upload", "-server", refusing.URL}, 1, "refused upload: 500 Internal Server Error"},
		{[]string{"upload", "-server", "ftp://" + strings.TrimPrefix(live.URL, "http://")}, 2, "want http:// or https://"},
		{[]string{"upload"}, 2, "-server: the perfdata server's URL is needed"},
		{[]string{"upload", "-server", live.URL, filepath.Join(t.TempDir(), "none.txt")}, 2, "none.txt"},
		{[]string{"report", "-server", gone.URL, "-o", filepath.Join(t.TempDir(), "B.md")}, 1, "cannot reach the perfdata server"},
		{[]string{"compare", "-server", live.URL + "/nothere"}, 1, "does not answer as a perfdata server"},
		{[]string{"pick", "-n", "-server", gone.URL}, 1, "cannot reach the perfdata server"},
		{[]string{"compare", "-q", "kernel:flip"}, 2, "-q selects results of a -server"},
		{[]string{"report", "-server", live.URL, "-q", "kernel", "-o", filepath.Join(t.TempDir(), "B.md")}, 1, "has no operator"},
	} {
		args := c.args
		if args[0] == "upload" && c.code == 1 {
			args = append(args, files...)
		}
		code, out, errOut := runCLI2(t, args...)
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("%v: exit %d, want %d and stderr saying %q:\n%s%s", c.args, code, c.code, c.says, out, errOut)
		}
		if c.code == 1 && c.args[0] == "upload" && !strings.Contains(errOut, "the results files are kept") {
			t.Errorf("%v: does not say the files are kept:\n%s", c.args, errOut)
		}
	}
	for _, f := range files {
		if sum(t, f) != before[f] {
			t.Errorf("%s changed", f)
		}
	}
	if n := strings.Count(get(t, live.URL+"/uploads"), "UploadID"); n != 0 {
		t.Errorf("%d uploads on the live server, want none", n)
	}

	out := filepath.Join(t.TempDir(), "r", "x.txt")
	code, text, errOut := runCLI2(t, "bench", "-kernel", "popcount", "-count", "1", "-benchtime", "1ms", "-warmup", "1ms",
		"-progress", "off", "-o", out, "-upload", gone.URL)
	if code != 1 || !strings.Contains(errOut, "warning: cannot reach") ||
		!strings.Contains(errOut, "send them later with flipbench upload -server "+gone.URL+" "+out) {
		t.Errorf("bench -upload to a server that is down: exit %d\n%s%s", code, text, errOut)
	}
	if ds, err := stats.ReadResults(out); err != nil || len(ds.All()) == 0 {
		t.Errorf("bench -upload: the results file is not kept: %v", err)
	}
	code, text, errOut = runCLI2(t, "bench", "-kernel", "popcount", "-n", "-upload", "ftp://x")
	if code != 2 || !strings.Contains(errOut, "-upload: ") {
		t.Errorf("bench -upload ftp://x: exit %d\n%s%s", code, text, errOut)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return string(data)
}
