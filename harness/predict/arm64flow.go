package predict

import "golang.org/x/arch/arm64/arm64asm"

// perPassARM64 is perPass for an arm64 loop, from the counter its exit
// test reads:
//
//   - a conditional branch back right after SUBS or ADDS of an
//     immediate (the elements left, counted down);
//   - a CBNZ or CBZ back on a register the loop steps by an immediate
//     (SUB, ADD);
//   - a conditional branch back right after a CMP of an index stepped by
//     one with the count;
//   - an unconditional branch back to a head whose CBZ or CBNZ leaves the
//     loop on a register the loop steps by an immediate (the test at the
//     top, as gen/internal/arm64asm writes batch loops).
//
// 0 for anything else.
func (f flow) perPassARM64(head, tail int) int {
	back := f.l.Insts[tail]
	if back.Path != PathARM64asm {
		return 0
	}
	x := back.ARM
	switch {
	case back.Flow == FlowJump:
		h := f.l.Insts[head]
		if h.Path != PathARM64asm || h.ARM.Op != arm64asm.CBZ && h.ARM.Op != arm64asm.CBNZ {
			return 0
		}
		if j := f.l.Index(h.Target); j >= head && j <= tail {
			return 0 // not the exit
		}
		return f.armStep(h.ARM.Args[0], head+1, tail-1)
	case x.Op == arm64asm.CBZ || x.Op == arm64asm.CBNZ:
		return f.armStep(x.Args[0], head, tail-1)
	case x.Op == arm64asm.B && tail > head:
		setter := f.l.Insts[tail-1]
		if setter.Path != PathARM64asm {
			return 0
		}
		switch s := setter.ARM; s.Op {
		case arm64asm.SUBS, arm64asm.ADDS:
			if gpr(s.Args[1]) == gpr(s.Args[0]) {
				return armImm(s)
			}
		case arm64asm.CMP:
			for _, a := range s.Args[:2] {
				if gpr(a) < 0 {
					continue
				}
				if f.armStep(a, head, tail-2) == 1 {
					return 1
				}
				return 0
			}
		}
	}
	return 0
}

// armStep is how far the last instruction of [from, to] that writes reg
// steps it: the immediate of an ADD, SUB, ADDS or SUBS of reg to
// itself; 0 if another instruction writes it last, or none does.
func (f flow) armStep(reg arm64asm.Arg, from, to int) int {
	r := gpr(reg)
	if r < 0 {
		return 0
	}
	for i := to; i >= from && i >= 0; i-- {
		in := f.l.Insts[i]
		if in.Path != PathARM64asm {
			continue
		}
		x := in.ARM
		if !writesFirst(x.Op) || gpr(x.Args[0]) != r {
			continue
		}
		switch x.Op {
		case arm64asm.ADD, arm64asm.SUB, arm64asm.ADDS, arm64asm.SUBS:
			if gpr(x.Args[1]) == r {
				return armImm(x)
			}
		}
		return 0
	}
	return 0
}

// writesFirst reports whether an operation writes its first operand: not
// a store, a compare or a branch, which read it.
func writesFirst(op arm64asm.Op) bool {
	switch op {
	case arm64asm.STR, arm64asm.STRB, arm64asm.STRH, arm64asm.STP, arm64asm.STUR, arm64asm.STURB, arm64asm.STURH,
		arm64asm.STLR, arm64asm.STNP, arm64asm.ST1, arm64asm.ST2, arm64asm.ST3, arm64asm.ST4,
		arm64asm.CMP, arm64asm.CMN, arm64asm.TST, arm64asm.CCMP, arm64asm.CCMN,
		arm64asm.CBZ, arm64asm.CBNZ, arm64asm.TBZ, arm64asm.TBNZ, arm64asm.B, arm64asm.BL, arm64asm.BLR, arm64asm.BR, arm64asm.RET,
		arm64asm.PRFM:
		return false
	}
	return true
}

// armImm is the immediate of an ADD, SUB, ADDS or SUBS (immediate), 0
// if it has none (the register forms).
func armImm(x arm64asm.Inst) int {
	if x.Enc>>23&0x3f != 0b100010 { // add/subtract (immediate)
		return 0
	}
	imm := int(x.Enc >> 10 & 0xfff)
	if x.Enc>>22&1 == 1 {
		imm <<= 12
	}
	return imm
}

// gpr is the number (0 to 31) of a general register operand, W or X, SP
// as 31; -1 for any other operand.
func gpr(a arm64asm.Arg) int {
	var r arm64asm.Reg
	switch a := a.(type) {
	case arm64asm.Reg:
		r = a
	case arm64asm.RegSP:
		r = arm64asm.Reg(a)
	default:
		return -1
	}
	switch {
	case r >= arm64asm.W0 && r <= arm64asm.WZR:
		return int(r - arm64asm.W0)
	case r >= arm64asm.X0 && r <= arm64asm.XZR:
		return int(r - arm64asm.X0)
	}
	return -1
}
