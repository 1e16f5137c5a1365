package variants

import (
	"slices"

	"github.com/flipbench/flipbench/kernels"
)

// eval_features' tables (Go and assembly), built from
// kernels.FeatureSquares at init; the assembly reads them as ·name(SB).
// The Go x2f walk reads eval_update's evalX2F.

// evalFull holds the indexes of the empty board (every digit 2).
var evalFull kernels.Features

// PEXT form: feature i's squares are extracted from P and from O in
// ascending square order; evalPextB2T maps such a bit pattern to the sum
// of the digit weights of its squares, so index = full - 2*B2T(P bits) -
// B2T(O bits). Tables with the same content are shared (every line in
// ascending order uses the same one).
type pextFeature struct {
	mask uint64
	tab  uint32 // start of the feature's table in evalPextB2T
	full uint16 // 3^n - 1
	_    uint16
}

const pextB2TMax = 4*512 + 12*1024 + 14*256 + 4*128 + 4*64 + 4*32 + 4*16 // every feature its own table

var (
	evalPextFeature [kernels.NumFeatures]pextFeature
	evalPextB2T     [pextB2TMax]uint16
)

// Shuffle form: a byte per square holds its digit (2 - 2p -
// o); VPSHUFB picks, for 16 features at a time, a pair of digits per
// feature into each 16-bit lane, one 16-square chunk of the board at a
// time. Features are padded with leading zero digits to 10; pair k (k =
// 0..4, most significant first) of vector v from chunk c is
// evalShufCtrl[v][k][c] (0x80 where the square is elsewhere).
var evalShufCtrl [3][5][4][32]uint8

func init() {
	for i, sq := range kernels.FeatureSquares {
		evalFull[i] = uint16(kernels.Pow3[len(sq)] - 1)
	}
	initPextTables()
	initShufCtrl()
}

func initPextTables() {
	used := 0
	for i, sq := range kernels.FeatureSquares {
		n := len(sq)
		asc := slices.Clone(sq)
		slices.Sort(asc)
		t := make([]uint16, 1<<n)
		var mask uint64
		for _, x := range asc {
			mask |= kernels.Bit(x)
		}
		for b := range t {
			for j, x := range asc {
				if b>>j&1 != 0 {
					t[b] += uint16(kernels.Pow3[n-1-slices.Index(sq, x)])
				}
			}
		}
		// share an equal table already placed
		at := -1
		for _, g := range evalPextFeature[:i] {
			if g.full == evalFull[i] && slices.Equal(evalPextB2T[g.tab:int(g.tab)+len(t)], t) {
				at = int(g.tab)
				break
			}
		}
		if at < 0 {
			at = used
			copy(evalPextB2T[at:], t)
			used += len(t)
		}
		evalPextFeature[i] = pextFeature{mask: mask, tab: uint32(at), full: evalFull[i]}
	}
}

func initShufCtrl() {
	for v := range evalShufCtrl {
		for k := range evalShufCtrl[v] {
			for c := range evalShufCtrl[v][k] {
				for l := 0; l < 16; l++ {
					for h := 0; h < 2; h++ {
						b := uint8(0x80)
						if i := 16*v + l; i < kernels.NumFeatures {
							sq := kernels.FeatureSquares[i]
							// padded digit 2k+h is digit 2k+h-(10-n) of the feature
							if j := 2*k + h - (10 - len(sq)); j >= 0 && sq[j]/16 == c {
								b = uint8(sq[j] % 16)
							}
						}
						evalShufCtrl[v][k][c][2*l+h] = b
					}
				}
			}
		}
	}
}
