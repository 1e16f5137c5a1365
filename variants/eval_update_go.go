package variants

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// eval_update in Go. Both variants write the updated indexes to dst and
// leave src alone: the caller restores by keeping src (Edax 4.4.6), not by
// an inverse update.
//
//   - go-x2f: Edax's update, square by square through the 4 to 7
//     features of x and of each flipped disc (EVAL_X2F).
//   - go-swar: the 48 lanes as 12 uint64 words; the flipped discs' rows
//     are summed with plain adds (a lane's sum stays below 3^10, so
//     nothing carries into the next lane), then one lane-safe subtract
//     (and add) per word.

func init() {
	EvalUpdate.Register(Info{Name: "go-x2f", Rank: 5, Note: "Go: per-square feature list (Edax EVAL_X2F)"}, evalUpdateX2F)
	EvalUpdate.Register(Info{Name: "go-swar", Rank: 6, Note: "Go: 12 uint64 words of 4 lanes, rows summed then one lane-safe subtract"}, evalUpdateSWAR)
}

func evalUpdateX2F(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	*dst = *src
	s := &evalX2F[x&63]
	m := uint16(2 - mover)
	for _, e := range s.e[:s.n] {
		dst[e.i] -= m * e.w
	}
	if mover == 0 {
		for ; flipped != 0; flipped &= flipped - 1 {
			s := &evalX2F[bits.TrailingZeros64(flipped)]
			for _, e := range s.e[:s.n] {
				dst[e.i] -= e.w
			}
		}
	} else {
		for ; flipped != 0; flipped &= flipped - 1 {
			s := &evalX2F[bits.TrailingZeros64(flipped)]
			for _, e := range s.e[:s.n] {
				dst[e.i] += e.w
			}
		}
	}
}

// swarHigh is the top bit of each 16-bit lane.
const swarHigh = 0x8000800080008000

// swarSub and swarAdd subtract and add 4 uint16 lanes, each modulo 2^16.
func swarSub(a, b uint64) uint64 { return ((a | swarHigh) - (b &^ swarHigh)) ^ ((a ^ ^b) & swarHigh) }
func swarAdd(a, b uint64) uint64 { return ((a &^ swarHigh) + (b &^ swarHigh)) ^ ((a ^ b) & swarHigh) }

// featureBytes views features as bytes, read as little-endian words.
func featureBytes(f *kernels.Features) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(f)), 96)
}

func evalUpdateSWAR(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	var d [12]uint64
	for ; flipped != 0; flipped &= flipped - 1 {
		r := &evalX2FWords[bits.TrailingZeros64(flipped)]
		for k := range d {
			d[k] += r[k]
		}
	}
	t := &evalX2FWords[x&63]
	s, o := featureBytes(src), featureBytes(dst)
	if mover == 0 {
		for k := range d {
			binary.LittleEndian.PutUint64(o[8*k:], swarSub(binary.LittleEndian.Uint64(s[8*k:]), t[k]<<1+d[k]))
		}
	} else {
		for k := range d {
			binary.LittleEndian.PutUint64(o[8*k:], swarAdd(swarSub(binary.LittleEndian.Uint64(s[8*k:]), t[k]), d[k]))
		}
	}
}
