//go:build !purego

package variants

import "embed"

//go:embed *_amd64.s
var asmFiles embed.FS

func loadAsmISA() map[string][]Feature {
	m, err := parseRequires(asmFiles)
	if err != nil {
		panic(err)
	}
	return m
}
