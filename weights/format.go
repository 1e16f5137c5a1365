package weights

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/flipbench/flipbench/internal/atomicfile"
)

// flipbench's weights format (all integers little-endian):
//
//	offset size
//	0      8    magic "FBEVAL\r\n" (the CR LF catches text-mode mangling)
//	8      2    format version (FormatVersion)
//	10     2    feature set (FeatureSetEdax46: kernels.FeatureSquares,
//	            packed by mirror orbits in Edax's order)
//	12     2    plies (61)
//	14     2    number of distinct tables T (1..61)
//	16     4    packed weights per table (NumPacked = 114364)
//	20     2    scale (128: weights are 1/128 disc)
//	22     2    length L of the note
//	24     L    note (UTF-8: how the weights were made)
//	24+L   61   table index of each ply (< T)
//	85+L   4    length C of the compressed payload
//	89+L   C    raw DEFLATE of the payload
//	89+L+C 4    CRC-32C (Castagnoli) of every byte before it
//
// The payload is T x NumPacked zigzag varints: table 0's weights, then
// each later table as differences to the one before (consecutive phases
// are alike, so the differences are small).
const (
	Magic            = "FBEVAL\r\n"
	FormatVersion    = 1
	FeatureSetEdax46 = 1
)

const headerFixed = 24

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FormatError is a file that cannot be loaded: which file and why.
type FormatError struct {
	File string
	Msg  string
}

func (e *FormatError) Error() string { return e.File + ": " + e.Msg }

func formatErr(name, format string, args ...any) error {
	return &FormatError{File: name, Msg: fmt.Sprintf(format, args...)}
}

// distinct returns the distinct tables of s in order of first use and
// each ply's table index.
func (s *Set) distinct() ([][]int16, [NumPlies]uint8) {
	var tabs [][]int16
	var idx [NumPlies]uint8
	for p, t := range s.Plies {
		found := -1
		for i, u := range tabs {
			if &u[0] == &t[0] || slices.Equal(u, t) {
				found = i
				break
			}
		}
		if found < 0 {
			found = len(tabs)
			tabs = append(tabs, t)
		}
		idx[p] = uint8(found)
	}
	return tabs, idx
}

// Marshal encodes s in flipbench's format. Equal tables are stored once.
func (s *Set) Marshal() ([]byte, error) {
	return s.marshal(flate.BestCompression)
}

// marshal encodes s with the deflate level given: any level reads back the
// same, only the size and the time differ.
func (s *Set) marshal(level int) ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if len(s.Note) > 0xffff {
		return nil, errors.New("weights: note too long")
	}
	tabs, idx := s.distinct()
	var buf bytes.Buffer
	buf.WriteString(Magic)
	le := binary.LittleEndian
	var h [headerFixed - 8]byte
	le.PutUint16(h[0:], FormatVersion)
	le.PutUint16(h[2:], FeatureSetEdax46)
	le.PutUint16(h[4:], NumPlies)
	le.PutUint16(h[6:], uint16(len(tabs)))
	le.PutUint32(h[8:], uint32(NumPacked))
	le.PutUint16(h[12:], Scale)
	le.PutUint16(h[14:], uint16(len(s.Note)))
	buf.Write(h[:])
	buf.WriteString(s.Note)
	buf.Write(idx[:])

	raw := make([]byte, 0, len(tabs)*NumPacked*2)
	for t, tab := range tabs {
		for i, v := range tab {
			d := int64(v)
			if t > 0 {
				d -= int64(tabs[t-1][i])
			}
			raw = binary.AppendUvarint(raw, uint64(d<<1^d>>63))
		}
	}
	var z bytes.Buffer
	zw, err := flate.NewWriter(&z, level)
	if err != nil {
		return nil, err
	}
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	var n [4]byte
	le.PutUint32(n[:], uint32(z.Len()))
	buf.Write(n[:])
	buf.Write(z.Bytes())
	le.PutUint32(n[:], crc32.Checksum(buf.Bytes(), castagnoli))
	buf.Write(n[:])
	return buf.Bytes(), nil
}

// Unmarshal decodes flipbench's format; name is the file name used in
// errors. Any inconsistency is an error, never a panic.
func Unmarshal(name string, data []byte) (*Set, error) {
	le := binary.LittleEndian
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return nil, formatErr(name, "not a flipbench weights file (bad magic)")
	}
	if len(data) < headerFixed {
		return nil, formatErr(name, "truncated header (%d bytes)", len(data))
	}
	h := data[8:headerFixed]
	if v := le.Uint16(h[0:]); v != FormatVersion {
		return nil, formatErr(name, "format version %d, this build reads version %d", v, FormatVersion)
	}
	if f := le.Uint16(h[2:]); f != FeatureSetEdax46 {
		return nil, formatErr(name, "feature set %d, this build knows only %d (Edax's 46 features)", f, FeatureSetEdax46)
	}
	if p := le.Uint16(h[4:]); p != NumPlies {
		return nil, formatErr(name, "%d plies, want %d", p, NumPlies)
	}
	nt := int(le.Uint16(h[6:]))
	if nt < 1 || nt > NumPlies {
		return nil, formatErr(name, "%d tables, want 1..%d", nt, NumPlies)
	}
	if c := le.Uint32(h[8:]); c != uint32(NumPacked) {
		return nil, formatErr(name, "%d weights per table, want %d", c, NumPacked)
	}
	if sc := le.Uint16(h[12:]); sc != Scale {
		return nil, formatErr(name, "scale %d, want %d", sc, Scale)
	}
	noteLen := int(le.Uint16(h[14:]))
	pos := headerFixed
	if len(data) < pos+noteLen+NumPlies+4+4 {
		return nil, formatErr(name, "truncated (%d bytes)", len(data))
	}
	note := string(data[pos : pos+noteLen])
	pos += noteLen
	idx := data[pos : pos+NumPlies]
	pos += NumPlies
	zlen := int(le.Uint32(data[pos:]))
	pos += 4
	if zlen != len(data)-pos-4 {
		if zlen > len(data)-pos-4 {
			return nil, formatErr(name, "truncated: payload of %d bytes, %d present", zlen, max(len(data)-pos-4, 0))
		}
		return nil, formatErr(name, "%d trailing bytes after the checksum", len(data)-pos-4-zlen)
	}
	end := pos + zlen
	if want, got := le.Uint32(data[end:]), crc32.Checksum(data[:end], castagnoli); want != got {
		return nil, formatErr(name, "checksum mismatch (stored %08x, computed %08x): the file is corrupt", want, got)
	}
	for p, t := range idx {
		if int(t) >= nt {
			return nil, formatErr(name, "ply %d uses table %d of %d", p, t, nt)
		}
	}
	// A zigzag varint of an int16 difference takes at most 3 bytes.
	maxRaw := int64(nt) * int64(NumPacked) * 3
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(data[pos:end])), maxRaw+1))
	if err != nil {
		return nil, formatErr(name, "corrupt payload: %v", err)
	}
	if int64(len(raw)) > maxRaw {
		return nil, formatErr(name, "payload too large")
	}
	tabs := make([][]int16, nt)
	r := 0
	for t := range tabs {
		tab := make([]int16, NumPacked)
		for i := range tab {
			u, n := binary.Uvarint(raw[r:])
			if n <= 0 {
				return nil, formatErr(name, "payload ends early (table %d, weight %d)", t, i)
			}
			r += n
			d := int64(u>>1) ^ -int64(u&1)
			if t > 0 {
				d += int64(tabs[t-1][i])
			}
			if d < -32768 || d > 32767 {
				return nil, formatErr(name, "table %d weight %d out of int16 range (%d)", t, i, d)
			}
			tab[i] = int16(d)
		}
		tabs[t] = tab
	}
	if r != len(raw) {
		return nil, formatErr(name, "%d unexpected bytes after the weights", len(raw)-r)
	}
	s := &Set{Note: note}
	for p, t := range idx {
		s.Plies[p] = tabs[t]
	}
	return s, nil
}

// Save writes s to path in flipbench's format.
func (s *Set) Save(path string) error {
	b, err := s.Marshal()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}

// SaveCheckpoint writes s as Save does, at deflate's fastest level: a
// trainer's checkpoint is rewritten after every group, and the best level
// spends far longer on a partly trained set's long runs of zeros than the
// fit itself. Load reads it like any other file.
func (s *Set) SaveCheckpoint(path string) error {
	b, err := s.marshal(flate.BestSpeed)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}
