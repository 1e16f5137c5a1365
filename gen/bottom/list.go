package main

// The empties as a packed list, a byte each in presorted order, as the
// solver keeps them (variants.PresortList, variants.RemoveByte): a
// square's place in the list, the list less a square.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
	"github.com/flipbench/flipbench/gen/internal/search"
)

// listByte addresses byte i of the packed list in slot list.
func listByte(list Mem, i reg.GPVirtual) Mem {
	return Mem{Base: list.Base, Disp: list.Disp, Index: i, Scale: 1}
}

// listPlaces returns, for each square set, the places in the packed list
// of n squares (slot list) of the squares it holds: bit i set when byte
// i is in the set. BT then ADC shift each test's carry in, from the last
// byte down, with no branch (a branch per square mispredicts).
func listPlaces(list Mem, n int, sets ...reg.GPVirtual) []reg.GPVirtual {
	places := make([]reg.GPVirtual, len(sets))
	for j := range places {
		places[j] = GP64()
		XORQ(places[j], places[j])
	}
	c := GP64()
	MOVQ(list, c)
	for i := n - 1; i >= 0; i-- {
		x := GP64()
		if i == 0 {
			MOVBQZX(c.As8(), x)
		} else {
			MOVQ(c, x)
			SHRQ(U8(8*i), x)
			MOVBQZX(x.As8(), x)
		}
		for j, set := range sets {
			BTQ(x, set)
			ADCQ(places[j], places[j])
		}
	}
	return places
}

// nextPlace takes the lowest place out of the places in slot places (see
// listPlaces), or jumps to none when there is none left: the place goes
// to lv.i, its square to lv.cur, and the square is returned.
func nextPlace(lv shallowSlots, places Mem, none string) reg.GPVirtual {
	pm, i, x, t := GP64(), GP64(), GP64(), GP64()
	MOVQ(places, pm)
	TESTQ(pm, pm)
	JZ(LabelRef(none))
	search.BSF(pm, i)
	LEAQ(Mem{Base: pm, Disp: -1}, t)
	ANDQ(t, pm)
	MOVQ(pm, places)
	MOVQ(i, lv.i)
	MOVBQZX(listByte(lv.list, i), x)
	MOVQ(x, lv.cur)
	return x
}

// removeSquare returns the list of presorted empties in slot list less
// square x (one of them): its byte found by PCMPEQB (the bytes past the
// list are 0, A1, which is first in the list when it is an empty square),
// the bytes above shifted down over it.
func removeSquare(list Mem, x reg.GPVirtual) reg.GPVirtual {
	v, b, z := XMM(), XMM(), XMM()
	MOVQ(list, v)
	MOVQ(x, b)
	PXOR(z, z)
	PSHUFB(z, b) // x in every byte
	PCMPEQB(v, b)
	m, i := GP64(), GP64()
	PMOVMSKB(b, m.As32())
	search.BSF(m, i)
	return removeByteAt(list, i)
}

// removeByte is level lv's list less its byte lv.i.
func removeByte(lv shallowSlots) reg.GPVirtual {
	i := GP64()
	MOVQ(lv.i, i)
	return removeByteAt(lv.list, i)
}

// removeByteAt is the packed list in slot list less its byte i
// (variants.RemoveByte).
func removeByteAt(list Mem, i reg.GPVirtual) reg.GPVirtual {
	low, l, h := GP64(), GP64(), GP64()
	LEAQ(asmgen.GoTable("bottomLow"), low)
	MOVQ(Mem{Base: low, Index: i, Scale: 8}, low)
	MOVQ(list, l)
	MOVQ(l, h)
	SHRQ(U8(8), h)
	ANDQ(low, l)
	NOTQ(low)
	ANDQ(low, h)
	ORQ(h, l)
	return l
}
