package harness

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/flipbench/flipbench/variants"
)

// The full-solver benchmark runs a whole set of positions (an FFO set) per
// variant of one kernel, every other kernel at its selected variant. The
// solver lives in its own package; it plugs in here with RegisterSolver
// (from an init in the package or in cmd/flipbench), so that the harness
// does not depend on it.

// SolveStats is what one solve of a whole set reports.
type SolveStats struct {
	Positions int
	Nodes     uint64 // total nodes: the fingerprint of the search
}

// SetSolver solves every position of a named set (ffo20-39, ...) once,
// with the kernels' currently selected variants, and checks the scores
// where the set has known ones (a wrong score is an error).
type SetSolver func(set string) (SolveStats, error)

var (
	solverMu sync.Mutex
	solver   SetSolver
)

// RegisterSolver plugs the solver in.
func RegisterSolver(s SetSolver) {
	solverMu.Lock()
	solver = s
	solverMu.Unlock()
}

// HasSolver reports whether a solver is registered.
func HasSolver() bool {
	solverMu.Lock()
	defer solverMu.Unlock()
	return solver != nil
}

// ErrNoSolver is returned by SolveBenchGroups until a solver is registered.
var ErrNoSolver = errors.New("no solver is linked into this build yet (package solver registers itself with harness.RegisterSolver once merged)")

// SolveBenchGroups returns one group: a whole solve of set per runnable
// variant of kernel (filtered by sel.Variant), interleaved. One operation
// is one solve of the whole set; nodes/op is reported beside ns/op, and a
// variant whose node count differs from the others is an error (a kernel
// that changes the search is wrong).
func SolveBenchGroups(set, kernel string, sel BenchSelect) ([]*BenchGroup, error) {
	solverMu.Lock()
	s := solver
	solverMu.Unlock()
	if s == nil {
		return nil, ErrNoSolver
	}
	k, err := variants.KernelByName(kernel)
	if err != nil {
		return nil, err
	}
	g := &BenchGroup{Title: "solve " + set + " per " + kernel + " variant"}
	var nodesMu sync.Mutex
	nodesOf := map[string]uint64{}
	var first string
	for _, info := range k.Infos() {
		if !info.Runnable() || !sel.wantVariant(info.Name) {
			continue
		}
		name := info.Name
		var last SolveStats
		c := &BenchCase{Name: "Solve", Keys: [][2]string{{"set", set}, {"kernel", kernel}, {"variant", name}},
			PlanOp: 15 * time.Second, NoWarmup: first != ""}
		c.Run = func(n int) {
			prev := k.SelectedName()
			if err := k.Select(name); err != nil {
				panic(err) // runnable was checked above
			}
			defer k.Select(prev)
			for i := 0; i < n; i++ {
				st, err := s(set)
				if err != nil {
					panic(fmt.Errorf("solve %s with %s=%s: %w", set, kernel, name, err))
				}
				last = st
				nodesMu.Lock()
				if want, ok := nodesOf[first]; ok && first != name && want != st.Nodes {
					nodesMu.Unlock()
					panic(fmt.Errorf("solve %s: %s=%s searched %d nodes, %s=%s %d: a kernel variant changed the search",
						set, kernel, name, st.Nodes, kernel, first, want))
				}
				nodesOf[name] = st.Nodes
				nodesMu.Unlock()
			}
		}
		c.Metrics = func() map[string]float64 {
			return map[string]float64{"nodes/op": float64(last.Nodes), "positions/op": float64(last.Positions)}
		}
		if first == "" {
			first = name
		}
		g.Cases = append(g.Cases, c)
	}
	if len(g.Cases) == 0 {
		return nil, fmt.Errorf("no runnable %s variant matches %q", kernel, sel.Variant)
	}
	return []*BenchGroup{g}, nil
}
