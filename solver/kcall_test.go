package solver

// DirectSpec is the variant set kcall_direct.go calls directly under the
// solverdirect build tag: solving with it bound measures the same code
// through func values.
const DirectSpec = "flip=bitscan,moves=kogge-stone,count_last_flip=kindergarten,score_1=reference,stability=go," +
	"hash_code=zobrist-table,hash_prefetch=none,move_evaluate=parity-table"
