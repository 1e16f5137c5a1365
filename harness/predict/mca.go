package predict

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Figure is llvm-mca's analysis of one region on one model.
type Figure struct {
	// Cycles is the simulated cycles of Iterations passes over the region
	// divided by Iterations: the steady state, pipeline filling included.
	Cycles float64
	// Unmodelled names an instruction the model has no scheduling data
	// for (then there is no figure).
	Unmodelled string
}

// mtriple is llvm-mca's and llvm-mc's -mtriple for an architecture
// (GOARCH).
func mtriple(arch string) string {
	if arch == "arm64" {
		return "aarch64"
	}
	return "x86_64-unknown-linux-gnu"
}

// DefaultIterations is how many passes over a region llvm-mca simulates.
const DefaultIterations = 100

// mcaOutput is the part of llvm-mca's --json output read here.
type mcaOutput struct {
	CodeRegions []struct {
		Name        string
		SummaryView struct {
			Iterations  int
			TotalCycles float64
		}
	}
}

var unsupportedRE = regexp.MustCompile(`note: instruction:\s*(.*)`)

// Analyse runs llvm-mca once on every region (each a code region of its
// own, simulated apart) for the model mcpu, of the regions' architecture
// (-mtriple: they are of one). A region holding an instruction the model
// cannot schedule gets Unmodelled and no figure; the others are run again
// without it.
func (t *Tool) Analyse(ctx context.Context, mcpu string, regions []*Region, iterations int) ([]Figure, error) {
	out := make([]Figure, len(regions))
	arch := ""
	for _, r := range regions {
		if r.Listing == nil {
			continue
		}
		switch a := r.Listing.Func.arch(); {
		case arch == "":
			arch = a
		case a != arch:
			return nil, fmt.Errorf("llvm-mca -mcpu=%s: regions of %s and %s code in one run", mcpu, arch, a)
		}
	}
	todo := make([]int, len(regions))
	for i := range todo {
		todo[i] = i
	}
	for len(todo) > 0 {
		var in strings.Builder
		for _, i := range todo {
			fmt.Fprintf(&in, "# LLVM-MCA-BEGIN r%d\n", i)
			for _, inst := range regions[i].Insts {
				in.WriteString(inst.Text + "\n")
			}
			fmt.Fprintf(&in, "# LLVM-MCA-END r%d\n", i)
		}
		args := []string{"-mtriple=" + mtriple(arch), "-mcpu=" + mcpu, fmt.Sprintf("-iterations=%d", iterations), "--json", "-"}
		stdout, stderr, err := t.run(ctx, t.MCA, strings.NewReader(in.String()), args...)
		if strings.Contains(stderr, "is not a recognized processor") {
			return nil, fmt.Errorf("llvm-mca %s does not know -mcpu=%s", t.Version, mcpu)
		}
		if err != nil {
			m := unsupportedRE.FindStringSubmatch(stderr)
			if m == nil {
				return nil, err
			}
			bad := strings.Join(strings.Fields(m[1]), " ")
			n := len(todo)
			todo = slices.DeleteFunc(todo, func(i int) bool {
				if slices.ContainsFunc(regions[i].Insts, func(in *Inst) bool { return in.Text == bad }) {
					out[i].Unmodelled = bad
					return true
				}
				return false
			})
			if len(todo) == n {
				return nil, fmt.Errorf("llvm-mca -mcpu=%s cannot model %q, which no region holds: %v", mcpu, bad, err)
			}
			continue
		}
		var res mcaOutput
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			return nil, fmt.Errorf("llvm-mca -mcpu=%s: its JSON output: %v", mcpu, err)
		}
		if len(res.CodeRegions) != len(todo) {
			return nil, fmt.Errorf("llvm-mca -mcpu=%s: %d regions analysed of %d", mcpu, len(res.CodeRegions), len(todo))
		}
		for k, r := range res.CodeRegions {
			i := todo[k]
			if r.Name != fmt.Sprintf("r%d", i) || r.SummaryView.Iterations != iterations {
				return nil, fmt.Errorf("llvm-mca -mcpu=%s: region %q (%d iterations) where r%d (%d) was expected", mcpu, r.Name, r.SummaryView.Iterations, i, iterations)
			}
			out[i].Cycles = r.SummaryView.TotalCycles / float64(iterations)
		}
		todo = nil
	}
	return out, nil
}
