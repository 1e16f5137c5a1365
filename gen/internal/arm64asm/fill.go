package arm64asm

import "fmt"

// The four directions a left shift walks, each with the mask of O's
// squares a run may cross without wrapping round an edge: the other four
// are the same shifts on the board turned half a turn (RBIT), which the
// NEON forms keep in lane 1.
var Dirs = []struct {
	Shift int
	Mask  uint64
}{
	{1, 0x7e7e7e7e7e7e7e7e},
	{8, 0xffffffffffffffff},
	{9, 0x007e7e7e7e7e7e00},
	{7, 0x007e7e7e7e7e7e00},
}

// V names a vector register with an arrangement: V(3, "D2") is V3.D2.
func V(n int, arr string) string { return fmt.Sprintf("V%d.%s", n, arr) }

// R names a general register.
func R(n int) string { return fmt.Sprintf("R%d", n) }

// Imm is an immediate operand.
func Imm(v uint64) string { return fmt.Sprintf("$0x%x", v) }

// FillNEON emits the dumb7fill of a run from the squares of seed (both
// lanes) through m, shifted left by d, into f, with tmp a scratch
// register: f = m & (seed<<d), then five times f |= m & (f<<d), so f holds
// every square of a run of up to six from seed.
func (f *Func) FillNEON(fv, seed, m, tmp, d int) {
	f.I("VSHL", fmt.Sprintf("$%d", d), V(seed, "D2"), V(fv, "D2"))
	f.I("VAND", V(m, "B16"), V(fv, "B16"), V(fv, "B16"))
	for i := 0; i < 5; i++ {
		f.I("VSHL", fmt.Sprintf("$%d", d), V(fv, "D2"), V(tmp, "D2"))
		f.I("VAND", V(m, "B16"), V(tmp, "B16"), V(tmp, "B16"))
		f.I("VORR", V(tmp, "B16"), V(fv, "B16"), V(fv, "B16"))
	}
}

// FillGP is FillNEON on a general register, shifting left (LSL) or right
// (LSR) by d: f = m & (seed shifted), then five times f |= m & (f
// shifted).
func (f *Func) FillGP(fr, seed, m, tmp int, shift string, d int) {
	f.I("AND", fmt.Sprintf("%s%s%d", R(seed), shift, d), R(m), R(fr))
	for i := 0; i < 5; i++ {
		f.I("AND", fmt.Sprintf("%s%s%d", R(fr), shift, d), R(m), R(tmp))
		f.I("ORR", R(tmp), R(fr), R(fr))
	}
}
