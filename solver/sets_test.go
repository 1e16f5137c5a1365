package solver

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// Every own set is listed in Sets, reads, and has what its file name
// promises: exact scores and best moves for every position, its empties
// in the range the name gives. Every file embedded is a set.
func TestOwnSets(t *testing.T) {
	files, err := fs.Glob(ownSets, "sets/*.obf")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for name, file := range ownSetFiles {
		named[file] = true
		if !slices.Contains(Sets, name) {
			t.Errorf("set %s is not in Sets", name)
		}
		ps, err := Set(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var lo, hi int
		base := strings.TrimSuffix(file[strings.LastIndexByte(file, '-')-2:], ".obf")
		if _, err := fmt.Sscanf(base, "%d-%d", &lo, &hi); err != nil {
			t.Errorf("%s: no empties range in its name", file)
		}
		for _, p := range ps {
			if !p.HasScore || len(p.BestMoves) == 0 {
				t.Errorf("%s #%s: no exact score and best moves", name, p.ID)
			}
			if e := p.NumEmpties(); e < lo || e > hi {
				t.Errorf("%s #%s: %d empties, outside %d-%d", name, p.ID, e, lo, hi)
			}
		}
		if len(ps) < 20 {
			t.Errorf("%s: %d positions", name, len(ps))
		}
	}
	for _, f := range files {
		if !named[f] {
			t.Errorf("%s is embedded but no set's", f)
		}
	}
}
