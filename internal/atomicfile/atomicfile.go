// Package atomicfile writes files that appear whole or not at all: the
// bytes go to a temporary file beside the target, which is synced and
// renamed over it. Every file is 0644 (readable by everyone, as the
// project's other files).
package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// Perm is the mode of every file written here.
const Perm = 0o644

// A File is being written: its bytes go to Path+suffix until Commit
// renames it to Path, so that a reader of Path never sees it half-written.
type File struct {
	Path string // the final name
	f    *os.File
	done bool
}

// Create starts writing path through path+suffix, which must not exist
// (so that two writers never share it); path's directory is created.
func Create(path, suffix string) (*File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path+suffix, os.O_WRONLY|os.O_CREATE|os.O_EXCL, Perm)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(Perm); err != nil { // whatever the umask
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{Path: path, f: f}, nil
}

// Name is the temporary file's name.
func (a *File) Name() string { return a.f.Name() }

// Write appends to the temporary file.
func (a *File) Write(p []byte) (int, error) { return a.f.Write(p) }

// Sync flushes what was written to the disk.
func (a *File) Sync() error { return a.f.Sync() }

// Commit syncs the temporary file, closes it and renames it to Path (the
// rename made durable too).
func (a *File) Commit() error {
	if a.done {
		return errors.New(a.Path + ": already committed or aborted")
	}
	a.done = true
	err := a.f.Sync()
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.f.Name(), a.Path)
	}
	if err != nil {
		os.Remove(a.f.Name())
		return err
	}
	if d, err := os.Open(filepath.Dir(a.Path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Close closes the temporary file and leaves it where it is, under its
// temporary name (an interrupted run's record); after Commit it does
// nothing.
func (a *File) Close() error {
	if a.done {
		return nil
	}
	a.done = true
	return a.f.Close()
}

// Abort closes and removes the temporary file; after Commit it does
// nothing.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	os.Remove(a.f.Name())
}

// WriteWith writes path with what write writes; path is replaced only if
// write succeeds.
func WriteWith(path string, write func(io.Writer) error) error {
	dir, base := filepath.Dir(path), filepath.Base(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	a := &File{Path: path, f: tmp}
	if err := tmp.Chmod(Perm); err != nil {
		a.Abort()
		return err
	}
	if err := write(a); err != nil {
		a.Abort()
		return err
	}
	return a.Commit()
}

// Write writes data to path.
func Write(path string, data []byte) error {
	return WriteWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
