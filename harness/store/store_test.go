package store_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/harness/stats"
	"github.com/flipbench/flipbench/harness/store"
	"github.com/flipbench/flipbench/harness/store/storetest"
)

// testFiles are results files of three CPUs: kernels (with unit
// metadata), whole solves, solver runs (nodes/op assume=exact) and
// evaluation errors, several per CPU.
func testFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{
		"../stats/testdata/results/*/*.txt",
		"../../results/*/*-eval-mae-*.txt",
		"../../results/*/*-solve-ffo20-39-eval-*.txt",
	} {
		f, err := filepath.Glob(pat)
		if err != nil || len(f) == 0 {
			t.Fatalf("%s: %v", pat, err)
		}
		files = append(files, f...)
	}
	return files
}

// cpuDir is the folder a file's results come back in: its CPU identity
// (the folder of the test's older files is named by the brand).
func cpuDir(t *testing.T, f string) string {
	t.Helper()
	ds, err := stats.ReadResults(f)
	if err != nil || len(ds.All()) == 0 {
		t.Fatalf("%s: %v", f, err)
	}
	return resultsfile.CPUOf(ds.All()[0])
}

func newServer(t *testing.T) (*storetest.Server, *store.Server) {
	t.Helper()
	ts := storetest.New(t, storetest.Options{})
	s, err := store.NewServer(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	return ts, s
}

// record is a result as the report reads it.
type record struct {
	Name   string
	Iters  int
	Values string
	Config map[string]string
}

func readFile(t *testing.T, path string) ([]record, map[benchfmt.UnitMetadataKey]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []record
	units := map[benchfmt.UnitMetadataKey]string{}
	r := benchfmt.NewReader(f, path)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			c := map[string]string{}
			for _, kv := range rec.Config {
				c[kv.Key] = string(kv.Value)
			}
			out = append(out, record{string(rec.Name), rec.Iters, fmt.Sprint(rec.Values), c})
		case *benchfmt.UnitMetadata:
			units[rec.UnitMetadataKey] = rec.OrigUnit + " " + rec.Value
		case *benchfmt.SyntaxError:
			t.Errorf("%v", rec)
		}
	}
	return out, units
}

func sha(t *testing.T, path string) [32]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

// Every file comes back under results/<cpu-id>/ with its name, its
// results in order with their configuration, and its unit metadata; a
// second upload of the same files is skipped, and with Again comes back
// under names that sort after the first.
func TestUploadDownloadRoundTrip(t *testing.T) {
	_, s := newServer(t)
	ctx := context.Background()
	files := testFiles(t)
	up, err := s.Upload(ctx, files, store.UploadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if up.ID == "" || len(up.Files) != len(files) {
		t.Fatalf("upload %q, %d files", up.ID, len(up.Files))
	}
	for i, fi := range up.Files {
		if fi.Part != fmt.Sprintf("%s/%d", up.ID, i) || fi.Results == 0 || !fi.Identity.Known() || fi.Commit == "" {
			t.Errorf("%s: part %q, %d results, identity %v, commit %q", fi.Path, fi.Part, fi.Results, fi.Identity, fi.Commit)
		}
	}

	dir := t.TempDir()
	d, err := s.Download(ctx, dir, store.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Uploads != 1 || len(d.Files) != len(files) {
		t.Fatalf("downloaded %d uploads, files %q", d.Uploads, d.Files)
	}
	for _, f := range files {
		got := filepath.Join(dir, cpuDir(t, f), filepath.Base(f))
		if !slices.Contains(d.Files, got) {
			t.Errorf("%s did not come back as %s", f, got)
			continue
		}
		want, wantUnits := readFile(t, f)
		have, haveUnits := readFile(t, got)
		if !reflect.DeepEqual(want, have) {
			t.Errorf("%s: results differ after the round trip", f)
		}
		if !reflect.DeepEqual(wantUnits, haveUnits) {
			t.Errorf("%s: unit metadata %v, came back %v", f, wantUnits, haveUnits)
		}
		if p := d.Part(got); !strings.HasPrefix(p, up.ID+"/") || !strings.Contains(d.Link(got), "/search?q=upload-part") {
			t.Errorf("%s: part %q, link %q", got, p, d.Link(got))
		}
	}

	again, err := s.Upload(ctx, files[:2], store.UploadOptions{})
	if err != nil || again.ID != "" || again.Files[0].Existing != up.ID || again.Files[0].Part != "" {
		t.Fatalf("second upload: %v, %+v", err, again)
	}
	again, err = s.Upload(ctx, files[:1], store.UploadOptions{Again: true})
	if err != nil || again.ID == "" || again.ID == up.ID {
		t.Fatalf("upload with Again: %v, %+v", err, again)
	}
	dir2 := t.TempDir()
	d, err = s.Download(ctx, dir2, store.DownloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	base := strings.TrimSuffix(filepath.Base(files[0]), ".txt")
	first := slices.Index(d.Files, filepath.Join(dir2, cpuDir(t, files[0]), base+".txt"))
	if first < 0 || d.Uploads != 2 || len(d.Files) != len(files)+1 || !strings.HasPrefix(filepath.Base(d.Files[first+1]), base+"~") {
		t.Errorf("after a second upload of %s: %d uploads, %q", files[0], d.Uploads, d.Files)
	}
}

// The query is the server's: the files hold what /search returns for
// it, in the files' order; a machine's results are those of its
// identity.
func TestDownloadQuery(t *testing.T) {
	ts, s := newServer(t)
	ctx := context.Background()
	files := testFiles(t)
	// two uploads
	if _, err := s.Upload(ctx, files[:3], store.UploadOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Upload(ctx, files[3:], store.UploadOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"kernel:flip",
		"kernel:flip variant:bitscan",
		"cpu-slug:intel-core-i7-4770 name:Kernel",
		"date>2026-01-02 date<2026-01-05",
		"form>batch",
		"eval:none",
		`cpu:"AMD Ryzen 7 3700X 8-Core Processor"`,
		"kernel:nothing",
		"upload-part:x",
	} {
		d, err := s.Download(ctx, t.TempDir(), store.DownloadOptions{Query: q})
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var got []string
		for _, f := range d.Files {
			rs, _ := readFile(t, f)
			for _, r := range rs {
				got = append(got, r.Name+" "+r.Values)
			}
		}
		want := search(t, ts.URL, q)
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %d results downloaded, the server's /search has %d", q, len(got), len(want))
		}
		if d.Results != len(want) {
			t.Errorf("%s: Results %d, want %d", q, d.Results, len(want))
		}
	}

	amd := store.Identity{Vendor: "AMD", Family: "0x17", Model: "0x71", Stepping: "0"}
	d, err := s.Download(ctx, t.TempDir(), store.DownloadOptions{Machine: &amd})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Files) == 0 {
		t.Fatal("no results of the AMD machine")
	}
	for _, f := range d.Files {
		if filepath.Base(filepath.Dir(f)) != "amd-zen2-f17-m71-s0" {
			t.Errorf("%s is not the AMD machine's", f)
		}
	}
	other := amd
	other.Stepping = "1"
	if d, err := s.Download(ctx, t.TempDir(), store.DownloadOptions{Machine: &other}); err != nil || len(d.Files) != 0 {
		t.Errorf("another stepping: %v, %q", err, d.Files)
	}
}

// search returns the benchmark lines the server's own query returns,
// sorted, as "name values".
func search(t *testing.T, url, q string) []string {
	t.Helper()
	s, _ := store.NewServer(url)
	resp, err := http.Get(s.SearchURL(q))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/search %s: %s %s", q, resp.Status, data)
	}
	var out []string
	r := benchfmt.NewReader(strings.NewReader(string(data)), "search")
	for r.Scan() {
		if rec, ok := r.Result().(*benchfmt.Result); ok {
			out = append(out, string(rec.Name)+" "+fmt.Sprint(rec.Values))
		}
	}
	sort.Strings(out)
	return out
}

// A server that is down, a URL that is not a perfdata server's, a
// server that refuses the upload, files that cannot be uploaded: each a
// clear error, and the files as they were.
// kindOf names the kind of a store error.
func kindOf(err error) string {
	var e *store.Error
	if errors.As(err, &e) {
		return [...]string{"unreachable", "not perfdata", "refused"}[e.Kind]
	}
	var fe *store.FileError
	if errors.As(err, &fe) {
		return "file"
	}
	return "other"
}

// NewServer takes a perfdata server's URL, or its host:port, and
// nothing else.
func TestNewServerURLs(t *testing.T) {
	for _, u := range []string{"ftp://localhost:8080", "http://", "http://host/?q=1", ""} {
		if _, err := store.NewServer(u); err == nil {
			t.Errorf("NewServer(%q) accepted", u)
		}
	}
	if s, err := store.NewServer("localhost:8080/"); err != nil || s.URL != "http://localhost:8080" {
		t.Errorf("host:port: %v %v", s, err)
	}
}

func TestUploadErrors(t *testing.T) {
	ctx := context.Background()
	files := testFiles(t)[:2]
	before := map[string][32]byte{}
	for _, f := range files {
		before[f] = sha(t, f)
	}
	defer func() {
		for _, f := range files {
			if sha(t, f) != before[f] {
				t.Errorf("%s changed", f)
			}
		}
	}()

	ts, _ := newServer(t)
	down := ts.URL
	ts.Stop()
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	refusing := storetest.New(t, storetest.Options{Data: notADir}) // its data folder is a file: every upload fails there
	live, _ := newServer(t)

	for _, c := range []struct {
		name, url, kind, says string
	}{
		{"server down", down, "unreachable", "cannot reach the perfdata server at " + down},
		{"wrong path", live.URL + "/nothere", "not perfdata", "does not answer as a perfdata server"},
		{"refused", refusing.URL, "refused", "refused upload: "},
	} {
		s, err := store.NewServer(c.url)
		if err != nil {
			t.Fatal(err)
		}
		for _, again := range []bool{false, true} { // the check for files already there, the upload itself
			_, err = s.Upload(ctx, files, store.UploadOptions{Again: again})
			if kindOf(err) != c.kind || !strings.Contains(fmt.Sprint(err), c.says) {
				t.Errorf("%s (again %v): %v (%s), want %s saying %q", c.name, again, err, kindOf(err), c.kind, c.says)
			}
		}
		if c.kind != "refused" {
			if _, err := s.Download(ctx, t.TempDir(), store.DownloadOptions{}); kindOf(err) != c.kind {
				t.Errorf("%s: download: %v", c.name, err)
			}
		}
	}
	if err := refusingPing(refusing.URL); err != nil {
		t.Errorf("the refusing server answers queries: %v", err)
	}

	s, _ := store.NewServer(live.URL)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	id := "cpu-vendor: AMD\ncpu-family: 0x17\ncpu-model: 0x71\ncpu-stepping: 0\n"
	for _, c := range []struct{ file, says string }{
		{write("noid.txt", "cpu: Something\n\nBenchmarkX 1 2 ns/op\n"), "has no CPU identity"},
		{write("empty.txt", id+"\nnot a result\n"), "no benchmark result"},
		{write("clash.txt", id+"kernel: x\n\nBenchmarkKernel/kernel=flip 1 2 ns/op\n"), `configuration key "kernel" is also a key of the benchmark name`},
		{filepath.Join(dir, "missing.txt"), "no such file"},
	} {
		_, err := s.Upload(ctx, append([]string{files[0]}, c.file), store.UploadOptions{})
		if kindOf(err) != "file" || !strings.Contains(fmt.Sprint(err), c.says) || !strings.Contains(fmt.Sprint(err), c.file) {
			t.Errorf("%s: %v, want an error naming it and saying %q", c.file, err, c.says)
		}
	}
	if n := uploads(t, live.URL); n != 0 {
		t.Errorf("%d uploads on the server after refused files, want none", n)
	}
	// with cpu-id alone, a file has an identity
	if up, err := s.Upload(ctx, []string{write("id.txt", "cpu-id: amd-17-71-0\n\nBenchmarkX 1 2 ns/op\n")}, store.UploadOptions{}); err != nil || up.ID == "" {
		t.Errorf("cpu-id only: %v", err)
	}
}

func refusingPing(url string) error {
	s, err := store.NewServer(url)
	if err != nil {
		return err
	}
	return s.Ping(context.Background())
}

func uploads(t *testing.T, url string) int {
	resp, err := http.Get(url + "/uploads")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return strings.Count(string(data), "UploadID")
}

func TestIdentity(t *testing.T) {
	four := store.Identity{Vendor: "AMD", Family: "0x1a", Model: "0x2", Stepping: "1"}
	withID := four
	withID.ID = "amd-1a-2-1"
	otherID := four
	otherID.ID = "other"
	for _, c := range []struct {
		a, b store.Identity
		same bool
	}{
		{four, four, true},
		{four, withID, true},     // an older file without cpu-id
		{withID, otherID, false}, // cpu-id decides when both have it
		{store.Identity{ID: "x"}, four, false},
		{four, store.Identity{Vendor: "AMD", Family: "0x1a", Model: "0x2", Stepping: "2"}, false},
		{store.Identity{}, store.Identity{}, false},
	} {
		if c.a.Same(c.b) != c.same || c.b.Same(c.a) != c.same {
			t.Errorf("%v same as %v: %v, want %v", c.a, c.b, c.a.Same(c.b), c.same)
		}
	}
	if q := four.Query(); q != "cpu-vendor:AMD cpu-family:0x1a cpu-model:0x2 cpu-stepping:1" {
		t.Errorf("query %q", q)
	}
	if q := (store.Identity{ID: "Intel i7 4770"}).Query(); q != `cpu-id:"Intel i7 4770"` {
		t.Errorf("query %q", q)
	}
	if got := store.IdentityFromConfig([][2]string{{resultsfile.KeyCPUVendor, "AMD"}, {resultsfile.KeyCPUFamily, "0x1a"}, {resultsfile.KeyCPUModel, "0x2"}, {resultsfile.KeyCPUStepping, "1"}}); got != four {
		t.Errorf("from config: %v", got)
	}
}
