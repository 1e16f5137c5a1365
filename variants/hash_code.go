package variants

import (
	"encoding/binary"
	"hash/crc32"

	"github.com/flipbench/flipbench/kernels"
)

// HashCodeFunc returns the transposition table's hash of (P, O).
type HashCodeFunc func(P, O uint64) uint64

// HashCode is computed at every node with a table probe.
var HashCode = newKernel[HashCodeFunc, HashCodeBatchFunc]("hash_code", "Edax 4.5's CRC-32C hash of (P, O)", kernels.HashCode)

// hashZobrist[i][b] is what byte i of (P, O) (0..7 P, 8..15 O) adds to the
// hash when it holds b. The CRC without inversion is linear over GF(2), so
// Edax 4.5's crc32c(0,P)<<32 | crc32c(crc32c(0,P), O) is an XOR of one
// value per byte: a Zobrist hash whose tables are the CRC's. A byte of P
// adds its CRC to the high half and, through crc32c(crc, O) =
// crc32c(crc, 0) ^ crc32c(0, O), that CRC run over 8 zero bytes to the
// low half; a byte of O adds its CRC to the low half only.
var hashZobrist = func() (t [16][256]uint64) {
	for i := 0; i < 8; i++ {
		for b := 0; b < 256; b++ {
			c := kernels.CRC32CUpdate64(0, uint64(b)<<(8*i))
			t[i][b] = uint64(c)<<32 | uint64(kernels.CRC32CUpdate64(c, 0))
			t[8+i][b] = uint64(c)
		}
	}
	return
}()

// HashCodeZobrist is Edax's pre-4.5 hash form: 16 byte lookups XORed.
func HashCodeZobrist(P, O uint64) uint64 {
	t := &hashZobrist
	return t[0][uint8(P)] ^ t[1][uint8(P>>8)] ^ t[2][uint8(P>>16)] ^ t[3][uint8(P>>24)] ^
		t[4][uint8(P>>32)] ^ t[5][uint8(P>>40)] ^ t[6][uint8(P>>48)] ^ t[7][P>>56] ^
		t[8][uint8(O)] ^ t[9][uint8(O>>8)] ^ t[10][uint8(O>>16)] ^ t[11][uint8(O>>24)] ^
		t[12][uint8(O>>32)] ^ t[13][uint8(O>>40)] ^ t[14][uint8(O>>48)] ^ t[15][O>>56]
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// HashCodeGoCRC32 uses the standard library (SSE4.2 inside where
// present). crc32.Update(c, p) is ^raw(^c, p), so raw(c, p) is
// ^Update(^c, p). The buffer escapes (Update calls through a function
// variable): one small allocation per call, shared by both halves.
func HashCodeGoCRC32(P, O uint64) uint64 {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:], P)
	binary.LittleEndian.PutUint64(b[8:], O)
	hi := ^crc32.Update(^uint32(0), castagnoli, b[:8])
	lo := ^crc32.Update(^hi, castagnoli, b[8:])
	return uint64(hi)<<32 | uint64(lo)
}

func init() {
	HashCode.Register(Info{Name: "zobrist-table", Rank: 10,
		Note: "Go: 16 byte lookups XORed, tables built from the CRC-32C (linear, so the value is Edax 4.5's)"}, HashCodeZobrist)
	HashCode.Register(Info{Name: "go-crc32", Rank: 5,
		Note: "Go hash/crc32 Castagnoli, its inversions undone"}, HashCodeGoCRC32)
	HashCode.RegisterBatch("zobrist-table", HashCodeBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = HashCodeZobrist(b.P, b.O)
		}
	}))
	HashCode.RegisterBatch("go-crc32", HashCodeBatchFunc(func(in []kernels.Board, out []uint64) {
		out = out[:len(in)]
		for i, b := range in {
			out[i] = HashCodeGoCRC32(b.P, b.O)
		}
	}))
}
