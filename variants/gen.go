package variants

// Every kernel K has its files here named after it: K.go (its Go
// variants and their registration), K_amd64.go (the hand-written
// registration of amd64 assembly, where the generator does not register
// it), K_gosimd_<arch>.go (gosimd registrations) and K_tables*.go; the
// assembly of K is generated from ../gen/K (amd64, avo) and ../gen/K/arm64
// into K_gen_amd64.s and K_gen_arm64.s, each with its Go stubs and
// registrations in K_gen_<arch>.go: "_gen" names every generated file.
// ../gen is a module of its own, so avo is no dependency of flipbench;
// `go generate ./...` from the repository root reproduces the files byte
// for byte.

//go:generate go run -C ../gen ./popcount -out ../variants/popcount_gen_amd64.s -stubs ../variants/popcount_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./flip -out ../variants/flip_gen_amd64.s -stubs ../variants/flip_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./moves -out ../variants/moves_gen_amd64.s -stubs ../variants/moves_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./potential_moves -out ../variants/potential_moves_gen_amd64.s -stubs ../variants/potential_moves_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./move_evaluate -out ../variants/move_evaluate_gen_amd64.s -stubs ../variants/move_evaluate_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./count_last_flip -out ../variants/count_last_flip_gen_amd64.s -stubs ../variants/count_last_flip_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./score_1 -out ../variants/score_1_gen_amd64.s -stubs ../variants/score_1_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./solve_2 -out ../variants/solve_2_gen_amd64.s -stubs ../variants/solve_2_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./solve_3 -out ../variants/solve_3_gen_amd64.s -stubs ../variants/solve_3_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./solve_4 -out ../variants/solve_4_gen_amd64.s -stubs ../variants/solve_4_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./stability -out ../variants/stability_gen_amd64.s -stubs ../variants/stability_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./stable_edge -out ../variants/stable_edge_gen_amd64.s -stubs ../variants/stable_edge_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./stable_edge_count -out ../variants/stable_edge_count_gen_amd64.s -stubs ../variants/stable_edge_count_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./eval_features -out ../variants/eval_features_gen_amd64.s -stubs ../variants/eval_features_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./eval_sum -out ../variants/eval_sum_gen_amd64.s -stubs ../variants/eval_sum_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./eval_update -out ../variants/eval_update_gen_amd64.s -stubs ../variants/eval_update_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./hash_code -out ../variants/hash_code_gen_amd64.s -stubs ../variants/hash_code_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./hash_clear -out ../variants/hash_clear_gen_amd64.s -stubs ../variants/hash_clear_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./hash_prefetch -out ../variants/hash_prefetch_gen_amd64.s -stubs ../variants/hash_prefetch_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./bottom -out ../variants/bottom_gen_amd64.s -stubs ../variants/bottom_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./floor -out ../variants/floor_gen_amd64.s -stubs ../variants/floor_gen_amd64.go -pkg variants
//go:generate go run -C ../gen ./perft -out ../variants/perft_gen_amd64.s -stubs ../variants/perft_gen_amd64.go -pkg variants

// arm64 has no avo: gen/internal/arm64asm is its generator.
//go:generate go run -C ../gen ./popcount/arm64 -out ../variants/popcount_gen_arm64.s -stubs ../variants/popcount_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./moves/arm64 -out ../variants/moves_gen_arm64.s -stubs ../variants/moves_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./potential_moves/arm64 -out ../variants/potential_moves_gen_arm64.s -stubs ../variants/potential_moves_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./flip/arm64 -out ../variants/flip_gen_arm64.s -stubs ../variants/flip_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./count_last_flip/arm64 -out ../variants/count_last_flip_gen_arm64.s -stubs ../variants/count_last_flip_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./score_1/arm64 -out ../variants/score_1_gen_arm64.s -stubs ../variants/score_1_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./hash_code/arm64 -out ../variants/hash_code_gen_arm64.s -stubs ../variants/hash_code_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./hash_clear/arm64 -out ../variants/hash_clear_gen_arm64.s -stubs ../variants/hash_clear_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./stable_edge/arm64 -out ../variants/stable_edge_gen_arm64.s -stubs ../variants/stable_edge_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./stable_edge_count/arm64 -out ../variants/stable_edge_count_gen_arm64.s -stubs ../variants/stable_edge_count_gen_arm64.go -pkg variants
//go:generate go run -C ../gen ./eval_sum/arm64 -out ../variants/eval_sum_gen_arm64.s -stubs ../variants/eval_sum_gen_arm64.go -pkg variants
