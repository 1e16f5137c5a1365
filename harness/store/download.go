package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	sbenchfmt "golang.org/x/perf/storage/benchfmt"
)

// DownloadOptions select the results Download brings back.
type DownloadOptions struct {
	// Query selects results in the server's syntax: words key:value,
	// key<value, key>value over configuration keys (cpu-slug, commit,
	// go, date, ...) and the keys of benchmark names (kernel, variant,
	// form, ...); "" for every result.
	Query string
	// Machine, if set, keeps only the results of that machine
	// (Identity.Same).
	Machine *Identity
}

// Downloaded is a results directory made from a server's results.
type Downloaded struct {
	Dir     string
	Files   []string // the results files written, in name order
	Uploads int      // uploads with at least one result kept
	Results int      // results kept
	server  *Server
	part    map[string]string // file -> its upload part
}

// Part is the upload part ("ID/N") a downloaded file came from.
func (d *Downloaded) Part(file string) string { return d.part[file] }

// Link is the server's page of the upload part a downloaded file came
// from ("" for another file).
func (d *Downloaded) Link(file string) string {
	p := d.part[file]
	if p == "" {
		return ""
	}
	return d.server.SearchURL("upload-part:" + QuoteWord(p))
}

// listLimit is the most uploads asked of the server (its default is 1000).
const listLimit = 1 << 30

// Download writes the results a query selects into dir, laid out like
// results/: dir/<cpu-id>/<name>.txt, one file per uploaded file, named
// as it was uploaded (a second upload of a name gets ~<upload>-<part>
// after it, so that it sorts after the first), with its configuration
// lines, its unit metadata and its results in their original order.
// Results stream from the server to the files, an upload at a time: the
// server orders the results of one upload, by record, and a query's
// results are otherwise in no set order, so the uploads holding a
// selected result are listed (the server applies the query), then read
// whole, oldest first, and the query is applied to their results here,
// with the server's rules. Files already in dir are never overwritten.
func (s *Server) Download(ctx context.Context, dir string, o DownloadOptions) (*Downloaded, error) {
	q := strings.TrimSpace(o.Query)
	if o.Machine != nil {
		mq := o.Machine.Query()
		if mq == "" {
			return nil, errors.New("download: the machine has no identity")
		}
		q = strings.TrimSpace(q + " " + mq)
	}
	m, err := parseQuery(q)
	if err != nil {
		return nil, fmt.Errorf("query %q: %v", q, err)
	}
	var ids []string
	ul := s.client.ListUploads(ctx, q, nil, listLimit)
	for ul.Next() {
		ids = append(ids, ul.Info().UploadID)
	}
	err = ul.Err()
	ul.Close()
	if err != nil {
		return nil, s.wrap("list uploads", err)
	}
	slices.Reverse(ids) // oldest first
	d := &Downloaded{Dir: dir, server: s, part: map[string]string{}}
	w := &writer{d: d, used: map[string]bool{}}
	for _, id := range ids {
		n, err := w.upload(ctx, id, m, o.Machine)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			d.Uploads++
			d.Results += n
		}
	}
	slices.Sort(d.Files)
	return d, nil
}

// writer writes the downloaded files.
type writer struct {
	d    *Downloaded
	used map[string]bool // file paths taken
}

// partFile is one downloaded file being written.
type partFile struct {
	path   string
	f      *os.File
	bw     *bufio.Writer
	labels map[string]string // the configuration written so far
}

// upload streams one upload's selected results into its files.
func (w *writer) upload(ctx context.Context, id string, m *matcher, machine *Identity) (n int, err error) {
	s := w.d.server
	op := "query upload:" + id
	qu := s.client.Query(ctx, "upload:"+QuoteWord(id))
	defer qu.Close()
	files := map[string]*partFile{}
	var order []*partFile
	defer func() {
		for _, pf := range order {
			if ferr := pf.bw.Flush(); err == nil && ferr != nil {
				err = ferr
			}
			if ferr := pf.f.Close(); err == nil && ferr != nil {
				err = ferr
			}
		}
	}()
	for qu.Next() {
		r := qu.Result()
		if !m.match(r.Labels, r.NameLabels) {
			continue
		}
		if machine != nil && !machine.Same(IdentityOf(func(k string) string { return r.Labels[k] })) {
			continue
		}
		part := r.Labels["upload-part"]
		if part == "" {
			part = id + "/0"
		}
		pf := files[part]
		if pf == nil {
			if pf, err = w.create(id, part, r.Labels); err != nil {
				return n, err
			}
			files[part] = pf
			order = append(order, pf)
		}
		if err := pf.write(r); err != nil {
			return n, fmt.Errorf("%s: %v", pf.path, err)
		}
		n++
	}
	if err := qu.Err(); err != nil {
		return n, s.wrap(op, err)
	}
	return n, nil
}

var (
	unsafeFile = regexp.MustCompile(`[^A-Za-z0-9._+=,@-]+`)
	uploadID   = regexp.MustCompile(`^([0-9]+)\.([0-9]+)$`)
)

// sortableID pads an upload id's sequence number ("20261124.7" ->
// "20261124.000007"), so that ids sort as they were made.
func sortableID(id string) string {
	if m := uploadID.FindStringSubmatch(id); m != nil {
		n, _ := strconv.Atoi(m[2])
		return fmt.Sprintf("%s.%06d", m[1], n)
	}
	return unsafeFile.ReplaceAllString(id, "-")
}

// create opens the file of an upload part: its machine's directory, its
// uploaded name.
func (w *writer) create(id, part string, labels map[string]string) (*partFile, error) {
	dir := filepath.Join(w.d.Dir, dirName(func(k string) string { return labels[k] }))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	_, idx, _ := strings.Cut(part, "/")
	tag := sortableID(id) + "-" + unsafeFile.ReplaceAllString(idx, "-")
	stem := strings.TrimSuffix(labels["upload-file"], ".txt")
	stem = strings.Trim(unsafeFile.ReplaceAllString(stem, "-"), "-.")
	names := []string{stem + ".txt", stem + "~" + tag + ".txt"}
	if stem == "" {
		names = []string{"upload-" + tag + ".txt"}
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		if w.used[path] {
			continue
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			w.used[path] = true
			continue
		}
		if err != nil {
			return nil, err
		}
		w.used[path] = true
		w.d.Files = append(w.d.Files, path)
		w.d.part[path] = part
		pf := &partFile{path: path, f: f, bw: bufio.NewWriterSize(f, 64<<10)}
		for _, u := range strings.Split(labels[UnitsLabel], "; ") {
			if u = strings.TrimSpace(u); u != "" {
				fmt.Fprintf(pf.bw, "Unit %s\n", u)
			}
		}
		return pf, nil
	}
	return nil, fmt.Errorf("%s: no free name for upload part %s", dir, part)
}

// dropped are the labels left out of the downloaded files.
var dropped = func() map[string]bool {
	m := map[string]bool{UnitsLabel: true, SHA256Label: true}
	for _, k := range serverLabels {
		m[k] = true
	}
	return m
}()

// write appends a result: the configuration lines that changed, then its
// line as it was uploaded.
func (pf *partFile) write(r *sbenchfmt.Result) error {
	var gone, changed []string
	for k := range pf.labels {
		if r.Labels[k] == "" {
			gone = append(gone, k)
		}
	}
	for k, v := range r.Labels {
		if v != "" && !dropped[k] && pf.labels[k] != v {
			changed = append(changed, k)
		}
	}
	if len(gone)+len(changed) > 0 {
		slices.Sort(gone)
		slices.Sort(changed)
		if pf.labels == nil {
			pf.labels = map[string]string{}
		} else {
			pf.bw.WriteString("\n")
		}
		for _, k := range gone {
			fmt.Fprintf(pf.bw, "%s:\n", k)
			delete(pf.labels, k)
		}
		for _, k := range changed {
			fmt.Fprintf(pf.bw, "%s: %s\n", k, r.Labels[k])
			pf.labels[k] = r.Labels[k]
		}
		pf.bw.WriteString("\n")
	}
	pf.bw.WriteString(r.Content)
	_, err := pf.bw.WriteString("\n")
	return err
}
