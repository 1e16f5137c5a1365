//go:build purego || !amd64

package variants

func loadAsmISA() map[string][]Feature { return map[string][]Feature{} }
