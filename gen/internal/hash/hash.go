// Package hash emits the transposition-table kernels (gen/hash_code,
// gen/hash_prefetch and gen/hash_clear call it): the CRC32C hash
// code (SSE4.2, per call and batched), the bodies of the streaming-store clears (SSE2 MOVNTDQ,
// AVX2 VMOVNTDQ, AVX-512 64-byte stores, each fenced by SFENCE), the
// REP STOSB zero fill, and the bucket prefetch.
package hash

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/flipbench/flipbench/gen/internal/asmgen"
)

// HashCodeFuncs emits hash_code's variants.
func HashCodeFuncs() { hashCode() }

// HashPrefetchFuncs emits hash_prefetch's variants.
func HashPrefetchFuncs() {
	asmgen.Func("hashPrefetchT0", "func(bucket *byte)")
	Doc("hashPrefetchT0 brings the first and the last entry of a 4-way bucket of 24-byte entries into L1",
		"(Edax's hash_prefetch). A bucket's 96 bytes span three cache lines when it starts",
		"past byte 32 of a line (3 buckets in 8): then the middle line is not asked for.")
	b := Load(Param("bucket"), GP64())
	PREFETCHT0(Mem{Base: b})
	PREFETCHT0(Mem{Base: b, Disp: 3 * 24})
	RET()

	asmgen.Func("hashPrefetchT0Lines", "func(bucket *byte)")
	Doc("hashPrefetchT0Lines brings every cache line of a 4-way bucket of 24-byte entries into L1:",
		"the lines of its first byte, of 64 bytes on and of its last byte (two or three lines).")
	b = Load(Param("bucket"), GP64())
	PREFETCHT0(Mem{Base: b})
	PREFETCHT0(Mem{Base: b, Disp: 64})
	PREFETCHT0(Mem{Base: b, Disp: 4*24 - 1})
	RET()
}

// HashClearFuncs emits the bodies of hash_clear's assembly variants.
func HashClearFuncs() {
	streamClear("hashClearMOVNTDQ", "SSE2 MOVNTDQ", clearForm{vec: XMM, width: 16, block: 96,
		load: func(m, r Op) { MOVOU(m, r) }, store: func(r, m Op) { MOVNTO(r, m) }})
	streamClear("hashClearVMOVNTDQ", "AVX2 VMOVNTDQ", clearForm{vec: YMM, width: 32, block: 96, vex: true,
		load: func(m, r Op) { VMOVDQU(m, r) }, store: func(r, m Op) { VMOVNTDQ(r, m) }})
	streamClear("hashClearVMOVNTDQ512", "AVX-512 64-byte VMOVNTDQ", clearForm{vec: ZMM, width: 64, block: 192, vex: true,
		load: func(m, r Op) { VMOVDQU64(m, r) }, store: func(r, m Op) { VMOVNTDQ(r, m) }})
	// the AVX2 streaming clear with ordinary stores: the lines stay in the
	// cache (a win while the table fits in it) but are read before they
	// are written beyond it
	asmgen.Func("hashClearVMOVDQU", "func(dst *byte, n int, pat *byte)")
	Doc("hashClearVMOVDQU writes the n bytes at dst (a multiple of 96, 32-byte aligned) with ordinary AVX stores of the pattern at pat.")
	clearLoop("hashClearVMOVDQU", clearForm{vec: YMM, width: 32, block: 96, vex: true,
		load: func(m, r Op) { VMOVDQU(m, r) }, store: func(r, m Op) { VMOVDQA(r, m) }})

	asmgen.Func("hashClearREPSTOSB", "func(dst *byte, n int)")
	Doc("hashClearREPSTOSB zeroes n bytes with REP STOSB (fast on ERMS parts: the microcode picks the store protocol).")
	Load(Param("dst"), reg.RDI)
	Load(Param("n"), reg.RCX)
	XORL(reg.EAX, reg.EAX)
	// avo has no string instructions: emitted as the prefix and STOSB
	Instruction(&ir.Instruction{Opcode: "REP"})
	Instruction(&ir.Instruction{Opcode: "STOSB", Inputs: []Op{reg.RDI, reg.RCX, reg.RAX}, Outputs: []Op{reg.RDI, reg.RCX}})
	RET()
}

// hashCode emits hashCodeCRC32 and its batch form over (P, O) pairs.
func hashCode() {
	asmgen.Register("hashCodeCRC32", asmgen.Variant{Kernel: "HashCode", Name: "crc32-sse42", Rank: 20, BatchOf: "board",
		Note: "SSE4.2 CRC32 instruction, two per hash (Edax 4.5)"})
	asmgen.Func("hashCodeCRC32", "func(P, O uint64) uint64")
	Doc("hashCodeCRC32 is Edax 4.5's board_get_hash_code: crc = CRC32C(0, P) by the SSE4.2 instruction,",
		"then crc<<32 | CRC32C(crc, O).")
	P, O := asmgen.LoadBoard()
	Store(crc(P, O), ReturnIndex(0))
	RET()

	asmgen.Func("hashCodeCRC32Batch", "func(in []uint64, out []uint64)")
	Doc("hashCodeCRC32Batch is hashCodeCRC32 over a batch: in holds len(out) (P, O) pairs.",
		"The loop stays in assembly: no call per element.")
	asmgen.BatchLoop(16, nil, func(p reg.GPVirtual) reg.Register {
		P, O := GP64(), GP64()
		MOVQ(Mem{Base: p}, P)
		MOVQ(Mem{Base: p, Disp: 8}, O)
		return crc(P, O)
	})
	RET()
}

// crc returns CRC32C(0, P)<<32 | CRC32C(CRC32C(0, P), O).
func crc(P, O reg.Register) reg.GPVirtual {
	c, d := GP64(), GP64()
	XORL(c.As32(), c.As32())
	CRC32Q(P, c)
	MOVL(c.As32(), d.As32())
	CRC32Q(O, d)
	SHLQ(Imm(32), c)
	ORQ(d, c)
	return c
}

// clearForm is how a clear writes the pattern: three registers of width
// bytes (vec's), loaded by load, stored by store, block bytes (the
// pattern's period) a round, then SFENCE if stream; vex: VZEROUPPER.
type clearForm struct {
	vec          func() reg.VecVirtual
	width, block int
	load, store  func(a, b Op)
	stream, vex  bool
}

// streamClear emits name(dst *byte, n int, pat *byte): n bytes (a positive
// multiple of block) at dst (aligned to width) written with streaming
// stores of the pattern that starts at pat (block bytes, any alignment,
// in phase with dst), then SFENCE so that the stores are ordered before
// any later one.
func streamClear(name, what string, c clearForm) {
	asmgen.Func(name, "func(dst *byte, n int, pat *byte)")
	Doc(name+" writes the n bytes at dst (a multiple of the pattern period and aligned) with "+what+" streaming stores of the pattern at pat,",
		"then SFENCE.")
	c.stream = true
	clearLoop(name, c)
}

// clearLoop emits the body of a clear of the n bytes at dst with the
// pattern at pat.
func clearLoop(name string, c clearForm) {
	dst := Load(Param("dst"), GP64())
	n := Load(Param("n"), GP64())
	pat := Load(Param("pat"), GP64())
	r := []reg.VecVirtual{c.vec(), c.vec(), c.vec()}
	for i, v := range r {
		c.load(Mem{Base: pat, Disp: c.width * i}, v)
	}
	Label(name + "_loop")
	for i := 0; i < c.block/c.width; i++ {
		c.store(r[i%len(r)], Mem{Base: dst, Disp: c.width * i})
	}
	ADDQ(U32(c.block), dst)
	SUBQ(U32(c.block), n)
	JNZ(LabelRef(name + "_loop"))
	if c.stream {
		SFENCE()
	}
	asmgen.Ret(c.vex)
}
