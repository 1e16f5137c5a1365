package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// FileInfo is what Upload read in a results file.
type FileInfo struct {
	Path     string
	Results  int
	Identity Identity // of its first result
	Commit   string   // of its first result ("" if none)
	Go       string   // of its first result ("" if none)
	SHA256   string
	units    []string // its Unit lines, without "Unit "
	// Part is the upload part the file became ("ID/N"), or "" if it was
	// not sent; Existing then names the upload that holds it already.
	Part, Existing string
}

// Uploaded is the outcome of an Upload.
type Uploaded struct {
	ID    string // the upload's id; "" if nothing was sent
	Files []*FileInfo
}

// UploadOptions tune Upload.
type UploadOptions struct {
	// Again sends files whose content is on the server already (by
	// SHA-256); by default they are skipped.
	Again bool
}

// A FileError is a results file that cannot be uploaded: nothing is
// sent when a file is wrong.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Upload sends results files to the server as one upload. Every file is
// checked first: readable, at least one result, every result with a CPU
// identity (cpu-id or cpu-vendor, cpu-family, cpu-model and
// cpu-stepping), no configuration key that is also a key of its
// benchmark names (the server refuses those); a wrong file is a
// *FileError and nothing is sent. A file whose content the server holds
// already is skipped (UploadOptions.Again sends it anyway). The files are
// only read: whatever happens, they stay as they are.
func (s *Server) Upload(ctx context.Context, files []string, o UploadOptions) (*Uploaded, error) {
	if len(files) == 0 {
		return nil, errors.New("no results file to upload")
	}
	up := &Uploaded{}
	seen := map[string]string{}
	for _, f := range files {
		fi, err := inspect(f)
		if err != nil {
			return nil, err
		}
		if prev, ok := seen[fi.SHA256]; ok {
			return nil, &FileError{f, fmt.Errorf("the same content as %s", prev)}
		}
		seen[fi.SHA256] = f
		up.Files = append(up.Files, fi)
	}
	var send []*FileInfo
	for _, fi := range up.Files {
		if !o.Again {
			id, err := s.holds(ctx, fi.SHA256)
			if err != nil {
				return nil, err
			}
			if id != "" {
				fi.Existing = id
				continue
			}
		}
		send = append(send, fi)
	}
	if len(send) == 0 {
		return up, nil
	}
	u := s.client.NewUpload(ctx)
	for _, fi := range send {
		if err := writePart(u.CreateFile, fi); err != nil {
			aerr := u.Abort()
			var fe *FileError
			if errors.As(err, &fe) || aerr == nil {
				return nil, err
			}
			// the request's own error says more than the broken pipe
			return nil, s.wrap("upload", aerr)
		}
	}
	st, err := u.Commit()
	if err != nil {
		return nil, s.wrap("upload", err)
	}
	if st == nil || st.UploadID == "" {
		return nil, s.wrap("upload", errors.New("json: no upload id in the answer"))
	}
	up.ID = st.UploadID
	for i, fi := range send {
		if i < len(st.FileIDs) {
			fi.Part = st.FileIDs[i]
		}
	}
	return up, nil
}

// holds returns an upload holding a file of this SHA-256, or "".
func (s *Server) holds(ctx context.Context, sum string) (string, error) {
	ul := s.client.ListUploads(ctx, SHA256Label+":"+sum, nil, 1)
	defer ul.Close()
	id := ""
	for ul.Next() {
		id = ul.Info().UploadID
	}
	if err := ul.Err(); err != nil {
		return "", s.wrap("list uploads", err)
	}
	return id, nil
}

// writePart sends one file: the flipbench labels first, then the file
// as it is.
func writePart(create func(string) (io.Writer, error), fi *FileInfo) error {
	w, err := create(filepath.Base(fi.Path))
	if err != nil {
		return err
	}
	hdr := SHA256Label + ": " + fi.SHA256 + "\n"
	if len(fi.units) > 0 {
		hdr += UnitsLabel + ": " + strings.Join(fi.units, "; ") + "\n"
	}
	if _, err := io.WriteString(w, hdr); err != nil {
		return err
	}
	f, err := os.Open(fi.Path)
	if err != nil {
		return &FileError{fi.Path, errors.Unwrap(err)}
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(w, h), f); err != nil {
		return err
	}
	if hex.EncodeToString(h.Sum(nil)) != fi.SHA256 {
		return &FileError{fi.Path, errors.New("changed while it was being uploaded")}
	}
	return nil
}

// inspect reads and checks a results file.
func inspect(path string) (*FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &FileError{path, errors.Unwrap(err)}
	}
	defer f.Close()
	fi := &FileInfo{Path: path}
	h := sha256.New()
	r := benchfmt.NewReader(io.TeeReader(f, h), path)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.UnitMetadata:
			u := rec.OrigUnit + " " + rec.Key + "=" + rec.Value
			if strings.Contains(u, ";") {
				return nil, &FileError{path, fmt.Errorf("unit metadata %q: a ';' cannot be carried", u)}
			}
			if !slices.Contains(fi.units, u) {
				fi.units = append(fi.units, u)
			}
		case *benchfmt.Result:
			fi.Results++
			id := IdentityOf(rec.GetConfig)
			if !id.Known() {
				return nil, &FileError{path, fmt.Errorf("%s (line %d) has no CPU identity: no cpu-id line, nor cpu-vendor, cpu-family, cpu-model and cpu-stepping lines", rec.Name, lineOf(rec))}
			}
			if fi.Results == 1 {
				fi.Identity, fi.Commit, fi.Go = id, rec.GetConfig(resultsfile.KeyCommit), rec.GetConfig(resultsfile.KeyGo)
			}
			for _, k := range nameKeys(string(rec.Name)) {
				if rec.GetConfig(k) != "" {
					return nil, &FileError{path, fmt.Errorf("configuration key %q is also a key of the benchmark name %s (line %d): the server refuses a result with two labels of one name", k, rec.Name, lineOf(rec))}
				}
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, &FileError{path, err}
	}
	if _, err := io.Copy(h, f); err != nil { // the rest, if the reader stopped short
		return nil, &FileError{path, err}
	}
	if fi.Results == 0 {
		return nil, &FileError{path, errors.New("no benchmark result in it")}
	}
	fi.SHA256 = hex.EncodeToString(h.Sum(nil))
	return fi, nil
}

func lineOf(r *benchfmt.Result) int {
	_, line := r.Pos()
	return line
}

// nameKeys are the labels the server makes of a benchmark name
// (storage/benchfmt's parseNameLabels): name, gomaxprocs for a -N
// suffix, key=value parts and sub<N> for the others.
func nameKeys(name string) []string {
	keys := []string{"name"}
	if dash := strings.LastIndex(name, "-"); dash >= 0 {
		if _, err := strconv.Atoi(name[dash+1:]); err == nil {
			keys = append(keys, "gomaxprocs")
			name = name[:dash]
		}
	}
	for i, sub := range strings.Split(name, "/")[1:] {
		if k, _, ok := strings.Cut(sub, "="); ok {
			keys = append(keys, k)
		} else {
			keys = append(keys, fmt.Sprintf("sub%d", i+1))
		}
	}
	return keys
}
