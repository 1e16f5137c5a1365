package weights

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"

	"github.com/flipbench/flipbench/internal/atomicfile"
)

// Edax's eval.dat (eval.c, eval_open):
//
//	int32   0x45444158 (EDAX: 'EDAX' as a C multi-character constant)
//	int32   0x4556414C (EVAL: 'EVAL')
//	int32   version, release, build
//	float64 date
//	61 x NumPacked int16: each ply's packed weights, tables in layout
//	        order, each table's orbits in order of their smallest index
//
// in the byte order of the machine that wrote it. A little-endian file
// thus starts with the bytes "XADELAVE"; read on the other order the first
// word is XADE (0x58414445) and Edax byte-swaps everything after it. Edax
// accepts a file when either word matches (its test is
// edax_header == EDAX || eval_header == EVAL, or the swapped pair) and
// swaps when the first word is XADE. We require the first word to be EDAX
// or XADE (it decides the byte order, as in Edax) and the second to be
// EVAL or LAVE. MarshalEdax writes little-endian, what Edax on x86 and
// ARM reads natively.
const (
	edaxMagic   = 0x45444158
	evalMagic   = 0x4556414C
	edaxSwapped = 0x58414445
	evalSwapped = 0x4C415645
	// EdaxHeaderSize is the size of eval.dat's header in bytes.
	EdaxHeaderSize = 5*4 + 8
)

// EdaxFileSize is the size of an eval.dat file.
func EdaxFileSize() int { return EdaxHeaderSize + NumPlies*NumPacked*2 }

// EdaxHeader is eval.dat's version information.
type EdaxHeader struct {
	Version, Release, Build int32
	Date                    float64
}

// DefaultEdaxHeader is written for sets that were not read from an
// eval.dat (Edax checks none of it).
var DefaultEdaxHeader = EdaxHeader{Version: 4, Release: 4, Build: 0, Date: 0}

// IsEdax reports whether data starts like an eval.dat (either byte order).
func IsEdax(data []byte) bool {
	if len(data) < 8 {
		return false
	}
	a, b := binary.LittleEndian.Uint32(data), binary.LittleEndian.Uint32(data[4:])
	return (a == edaxMagic || a == edaxSwapped) && (b == evalMagic || b == evalSwapped)
}

// UnmarshalEdax decodes an eval.dat; name is used in errors. Each ply gets
// its own table.
func UnmarshalEdax(name string, data []byte) (*Set, error) {
	if len(data) < 8 {
		return nil, formatErr(name, "not an Edax eval.dat: %d bytes", len(data))
	}
	var order binary.ByteOrder
	a, b := binary.LittleEndian.Uint32(data), binary.LittleEndian.Uint32(data[4:])
	switch {
	case !IsEdax(data):
		return nil, formatErr(name, "not an Edax eval.dat (header %08x %08x, want %08x %08x)", a, b, edaxMagic, evalMagic)
	case a == edaxMagic:
		order = binary.LittleEndian
	default:
		order = binary.BigEndian
	}
	if len(data) != EdaxFileSize() {
		if len(data) < EdaxFileSize() {
			return nil, formatErr(name, "truncated Edax eval.dat: %d bytes, want %d (61 plies x %d weights)", len(data), EdaxFileSize(), NumPacked)
		}
		return nil, formatErr(name, "Edax eval.dat of %d bytes, want %d: %d trailing bytes", len(data), EdaxFileSize(), len(data)-EdaxFileSize())
	}
	s := &Set{Edax: EdaxHeader{
		Version: int32(order.Uint32(data[8:])),
		Release: int32(order.Uint32(data[12:])),
		Build:   int32(order.Uint32(data[16:])),
		Date:    math.Float64frombits(order.Uint64(data[20:])),
	}}
	pos := EdaxHeaderSize
	for p := range s.Plies {
		t := make([]int16, NumPacked)
		for i := range t {
			t[i] = int16(order.Uint16(data[pos:]))
			pos += 2
		}
		s.Plies[p] = t
	}
	return s, nil
}

// MarshalEdax encodes s as a little-endian eval.dat.
func (s *Set) MarshalEdax() ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	h := s.Edax
	if h == (EdaxHeader{}) {
		h = DefaultEdaxHeader
	}
	var buf bytes.Buffer
	buf.Grow(EdaxFileSize())
	le := binary.LittleEndian
	for _, v := range []uint32{edaxMagic, evalMagic, uint32(h.Version), uint32(h.Release), uint32(h.Build)} {
		buf.Write(le.AppendUint32(nil, v))
	}
	buf.Write(le.AppendUint64(nil, math.Float64bits(h.Date)))
	b := buf.Bytes()
	for _, t := range s.Plies {
		for _, v := range t {
			b = le.AppendUint16(b, uint16(v))
		}
	}
	return b, nil
}

// SaveEdax writes s to path as an eval.dat.
func (s *Set) SaveEdax(path string) error {
	b, err := s.MarshalEdax()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}

// Parse decodes weights in either format, told apart by their magic.
func Parse(name string, data []byte) (*Set, error) {
	if IsEdax(data) {
		return UnmarshalEdax(name, data)
	}
	if len(data) >= len(Magic) && string(data[:len(Magic)]) == Magic {
		return Unmarshal(name, data)
	}
	return nil, formatErr(name, "unknown weights format: neither flipbench's (%q) nor Edax's eval.dat", Magic)
}

// Load reads a weights file in either format.
func Load(path string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}
