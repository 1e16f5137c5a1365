package variants

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/flipbench/flipbench/kernels"
)

// EvalUpdateFunc writes to dst the features src after a move on x
// flipping flipped, made by the side whose digit is mover.
type EvalUpdateFunc func(dst, src *kernels.Features, x int, flipped uint64, mover int)

// EvalUpdate updates the features along the line searched.
var EvalUpdate = newKernel[EvalUpdateFunc, EvalUpdateBatchFunc]("eval_update", "the 46 indexes after a move on x flipping f by digit mover", func(dst, src *kernels.Features, x int, f uint64, mover int) {
	*dst = kernels.EvalUpdate(*src, x, f, mover)
})

// eval_update in Go. Both variants write the updated indexes to dst and
// leave src alone: the caller restores by keeping src (as Edax-AVX's
// eval.c, eval_update_leaf), not by an inverse update.
//
//   - go-x2f: Edax's update, square by square through the 4 to 7
//     features of x and of each flipped disc (EVAL_X2F).
//   - go-swar: the 48 lanes as 12 uint64 words; the flipped discs' rows
//     are summed with plain adds (a lane's sum stays below 3^10, so
//     nothing carries into the next lane), then one lane-safe subtract
//     (and add) per word.

func init() {
	EvalUpdate.Register(Info{Name: "go-x2f", Rank: 6, Note: "Go: per-square feature list (Edax EVAL_X2F)"}, EvalUpdateX2F)
	EvalUpdate.Register(Info{Name: "go-swar", Rank: 5, Note: "Go: 12 uint64 words of 4 lanes, 4 words at a time: rows summed, then lane-safe subtract"}, EvalUpdateSWAR)
	EvalUpdate.RegisterBatch("go-x2f", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			EvalUpdateX2F(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))
	EvalUpdate.RegisterBatch("go-swar", EvalUpdateBatchFunc(func(in []FeaturesMove, out []kernels.Features) {
		out = out[:len(in)]
		for i := range in {
			c := &in[i]
			EvalUpdateSWAR(&out[i], &c.Src, c.X, c.Flipped, c.Mover)
		}
	}))
}

func EvalUpdateX2F(dst, src *kernels.Features, x int, flipped uint64, mover int) {
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

// EvalUpdateSWAR works a vector of 16 lanes (4 words) at a time, so that
// the 4 sums stay in registers; the flipped discs are walked 3 times.
func EvalUpdateSWAR(dst, src *kernels.Features, x int, flipped uint64, mover int) {
	t := &evalX2FWords[x&63]
	s, o := featureBytes(src), featureBytes(dst)
	for v := 0; v < 12; v += 4 {
		var d0, d1, d2, d3 uint64
		for f := flipped; f != 0; f &= f - 1 {
			r := (*[4]uint64)(evalX2FWords[bits.TrailingZeros64(f)][v:])
			d0, d1, d2, d3 = d0+r[0], d1+r[1], d2+r[2], d3+r[3]
		}
		tv, sv, ov := (*[4]uint64)(t[v:]), s[8*v:8*v+32], o[8*v:8*v+32]
		if mover == 0 {
			binary.LittleEndian.PutUint64(ov[0:], swarSub(binary.LittleEndian.Uint64(sv[0:]), tv[0]<<1+d0))
			binary.LittleEndian.PutUint64(ov[8:], swarSub(binary.LittleEndian.Uint64(sv[8:]), tv[1]<<1+d1))
			binary.LittleEndian.PutUint64(ov[16:], swarSub(binary.LittleEndian.Uint64(sv[16:]), tv[2]<<1+d2))
			binary.LittleEndian.PutUint64(ov[24:], swarSub(binary.LittleEndian.Uint64(sv[24:]), tv[3]<<1+d3))
		} else {
			binary.LittleEndian.PutUint64(ov[0:], swarAdd(swarSub(binary.LittleEndian.Uint64(sv[0:]), tv[0]), d0))
			binary.LittleEndian.PutUint64(ov[8:], swarAdd(swarSub(binary.LittleEndian.Uint64(sv[8:]), tv[1]), d1))
			binary.LittleEndian.PutUint64(ov[16:], swarAdd(swarSub(binary.LittleEndian.Uint64(sv[16:]), tv[2]), d2))
			binary.LittleEndian.PutUint64(ov[24:], swarAdd(swarSub(binary.LittleEndian.Uint64(sv[24:]), tv[3]), d3))
		}
	}
}
