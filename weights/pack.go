// Package weights loads, saves and trains the pattern weights of the
// evaluation (kernels/eval.go: Edax's 46 features in 12 tables and a bias,
// one set per ply). It reads and writes two formats: flipbench's own
// compressed, checksummed format (format.go) and Edax's eval.dat
// (edax.go), and embeds the trained default set (default.go).
//
// Weights are stored packed: a pattern and its mirror image (the board
// reflection that maps the pattern's squares onto themselves) always have
// the same weight, so each table keeps one value per symmetry orbit of
// its indexes, in Edax's order.
package weights

import (
	"fmt"
	"slices"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/variants"
)

// NumPlies is the number of per-ply weight sets (ply = 60 - empties).
const NumPlies = variants.NumPlies

// Scale is the unit of the weights: a sum of weights divided by Scale is
// a score in discs (Edax's convention).
const Scale = 128

// A table is one weight table of a ply: its offset in the plain layout
// (kernels.Weight*), its size, the feature whose squares define it, and its
// packed offset and size.
type table struct {
	name    string
	plain   int // offset in a plain table
	size    int // 3^n
	feature int // first feature that uses it (-1: the bias)
	packed  int // offset in a packed table
	nPacked int
}

// The tables in layout order (Edax's EVAL_SIZE / EVAL_PACKED_SIZE order).
var tables = []table{
	{name: "C9", plain: kernels.WeightC9, size: 19683, feature: 0},
	{name: "C10", plain: kernels.WeightC10, size: 59049, feature: 4},
	{name: "S10[0]", plain: kernels.WeightS100, size: 59049, feature: 8},
	{name: "S10[1]", plain: kernels.WeightS101, size: 59049, feature: 12},
	{name: "S8[0]", plain: kernels.WeightS8, size: 6561, feature: 16},
	{name: "S8[1]", plain: kernels.WeightS8 + 6561, size: 6561, feature: 20},
	{name: "S8[2]", plain: kernels.WeightS8 + 2*6561, size: 6561, feature: 24},
	{name: "S8[3]", plain: kernels.WeightS8 + 3*6561, size: 6561, feature: 28},
	{name: "S7", plain: kernels.WeightS7, size: 2187, feature: 30},
	{name: "S6", plain: kernels.WeightS6, size: 729, feature: 34},
	{name: "S5", plain: kernels.WeightS5, size: 243, feature: 38},
	{name: "S4", plain: kernels.WeightS4, size: 81, feature: 42},
	{name: "bias", plain: kernels.WeightBias, size: 1, feature: -1},
}

// NumPacked is the number of packed weights of a ply (one per orbit).
var NumPacked int

// packIndex maps every plain index of a ply (0..kernels.NumWeights-1) to
// its packed index; orbitRep maps a packed index to the smallest plain
// index of its orbit.
var (
	packIndex []int32
	orbitRep  []int32
	mirrorOf  []int32 // plain index -> plain index of its mirror image
)

func init() {
	packIndex = make([]int32, kernels.NumWeights)
	mirrorOf = make([]int32, kernels.NumWeights)
	n := 0
	for t := range tables {
		tb := &tables[t]
		if tb.plain != 0 && tables[t-1].plain+tables[t-1].size != tb.plain {
			panic("weights: tables out of layout order")
		}
		tb.packed = n
		var perm []int
		if tb.feature >= 0 {
			var err error
			perm, err = MirrorPerm(kernels.FeatureSquares[tb.feature])
			if err != nil {
				panic(err)
			}
		}
		slot := make([]int32, tb.size)
		next := 0
		for l := 0; l < tb.size; l++ {
			k := l
			if perm != nil {
				k = MirrorIndex(l, perm)
			}
			mirrorOf[tb.plain+l] = int32(tb.plain + k)
			if k < l {
				slot[l] = slot[k]
			} else {
				slot[l] = int32(next)
				orbitRep = append(orbitRep, int32(tb.plain+l))
				next++
			}
			packIndex[tb.plain+l] = int32(n) + slot[l]
		}
		tb.nPacked = next
		n += next
	}
	NumPacked = n
}

// squareImage returns where symmetry s (0..7: bit 0 mirrors files, bit 1
// mirrors ranks, bit 2 swaps file and rank) sends square x.
func squareImage(s, x int) int {
	f, r := x%8, x/8
	if s&4 != 0 {
		f, r = r, f
	}
	if s&1 != 0 {
		f = 7 - f
	}
	if s&2 != 0 {
		r = 7 - r
	}
	return r*8 + f
}

// MirrorPerm returns the digit permutation of a pattern's mirror image:
// perm[j] is the position of the square that the board reflection mapping
// the pattern's square set onto itself sends square j to. It is an error
// if no symmetry but the identity maps the set onto itself, or if two do
// so differently.
func MirrorPerm(squares []int) ([]int, error) {
	pos := map[int]int{}
	for j, x := range squares {
		pos[x] = j
	}
	var found []int
	for s := 1; s < 8; s++ {
		perm := make([]int, len(squares))
		ok, identity := true, true
		for j, x := range squares {
			p, in := pos[squareImage(s, x)]
			if !in {
				ok = false
				break
			}
			perm[j] = p
			identity = identity && p == j
		}
		if !ok || identity {
			continue
		}
		if found != nil && !slices.Equal(found, perm) {
			return nil, fmt.Errorf("weights: pattern %v has two different mirror images", squares)
		}
		found = perm
	}
	if found == nil {
		return nil, fmt.Errorf("weights: pattern %v has no mirror image", squares)
	}
	return found, nil
}

// MirrorIndex returns the index of the mirror image of index l of a
// pattern with digit permutation perm (digits most significant first).
func MirrorIndex(l int, perm []int) int {
	n := len(perm)
	var d [16]int
	for j := n - 1; j >= 0; j-- {
		d[j] = l % 3
		l /= 3
	}
	k := 0
	for j := 0; j < n; j++ {
		k = k*3 + d[perm[j]]
	}
	return k
}

// PackIndex returns the packed index of plain index i of a ply's table.
func PackIndex(i int) int { return int(packIndex[i]) }

// Unpack expands one ply's packed weights (NumPacked values) into the
// plain layout (kernels.NumWeights values).
func Unpack(packed []int16) []int16 {
	if len(packed) != NumPacked {
		panic(fmt.Sprintf("weights.Unpack: %d values, want %d", len(packed), NumPacked))
	}
	plain := make([]int16, kernels.NumWeights)
	for i, p := range packIndex {
		plain[i] = packed[p]
	}
	return plain
}

// Pack takes one ply's plain weights and returns the packed ones (the
// value of each orbit's smallest index). It is an error if the plain
// table gives two mirror images different weights: packing would lose
// information.
func Pack(plain []int16) ([]int16, error) {
	if len(plain) != kernels.NumWeights {
		return nil, fmt.Errorf("weights.Pack: %d values, want %d", len(plain), kernels.NumWeights)
	}
	for i, m := range mirrorOf {
		if plain[i] != plain[m] {
			return nil, fmt.Errorf("weights.Pack: plain index %d and its mirror %d differ (%d, %d)", i, m, plain[i], plain[m])
		}
	}
	packed := make([]int16, NumPacked)
	for p, i := range orbitRep {
		packed[p] = plain[i]
	}
	return packed, nil
}

// PackedSizes returns the number of orbits of each table, in layout order
// (C9, C10, S10[0], S10[1], S8[0..3], S7, S6, S5, S4, bias).
func PackedSizes() []int {
	s := make([]int, len(tables))
	for i, t := range tables {
		s[i] = t.nPacked
	}
	return s
}

// PackIndexTable returns the plain-to-packed index map of a ply's table
// (kernels.NumWeights entries; read only).
func PackIndexTable() []int32 { return packIndex }
