package kernels

// HashCode returns the 64-bit hash of (P, O) that Edax 4.5 uses: the
// CRC-32C (Castagnoli, no inversion) of P, then continued over O:
// crc = crc32c(0, P); hash = crc<<32 | crc32c(crc, O). The reference
// computes the CRC one bit at a time.
func HashCode(P, O uint64) uint64 {
	crc := crc32cUpdate64(0, P)
	return uint64(crc)<<32 | uint64(crc32cUpdate64(crc, O))
}

// CRC32CPoly is the reversed Castagnoli polynomial.
const CRC32CPoly = 0x82F63B78

// crc32cUpdate64 is the SSE4.2 CRC32 r64 instruction's function: the
// reflected CRC-32C of the 8 little-endian bytes of d, starting from crc.
func crc32cUpdate64(crc uint32, d uint64) uint32 {
	for i := 0; i < 64; i++ {
		bit := (uint32(d>>uint(i)) ^ crc) & 1
		crc >>= 1
		if bit != 0 {
			crc ^= CRC32CPoly
		}
	}
	return crc
}

// CRC32CUpdate64 exports the bitwise form for variants' table builders.
func CRC32CUpdate64(crc uint32, d uint64) uint32 { return crc32cUpdate64(crc, d) }
