// Package results holds the benchmark results of every CPU measured
// (results/<cpu-id>/*.txt, Go's benchmark format; the cpu-id is
// variants.CPUInfo.ID, e.g. amd-zen4-f19-m11-s1) and the per-CPU pick
// profiles (results/<cpu-id>/profile.json) written by flipbench pick,
// and apart from them the predictions of flipbench predict
// (results/predicted/<model>/<kernel>.txt: PredictedDir).
// The directory is embedded, so that a binary built from this repository
// selects, on a CPU that has a committed profile, the variants measured
// fastest there, and so that an installed flipbench report shows the
// committed CPUs beside the user's.
package results

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/flipbench/flipbench/internal/atomicfile"
)

//go:embed *
var embedded embed.FS

// FS is the embedded results directory.
func FS() fs.FS { return embedded }

// Profile is what flipbench pick decided for one CPU: the variant of each
// kernel that measured significantly faster than the built-in default, and
// the figures behind every decision.
type Profile struct {
	// Rule is the version of the rule pick decided by (PickRule); a
	// profile of another rule is refused, never half-applied.
	Rule    int               `json:"rule"`
	CPU     string            `json:"cpu"` // the identity it was measured on (variants.CPUInfo.ID)
	Brand   string            `json:"brand"`
	Uarch   string            `json:"uarch,omitempty"`
	Date    time.Time         `json:"date"`
	Commit  string            `json:"commit,omitempty"`
	From    []string          `json:"from,omitempty"` // the results files it was picked from
	Choices map[string]string `json:"choices"`        // kernel -> variant, applied at startup
	Kernels []KernelChoice    `json:"kernels"`        // every kernel, with its reason
}

// KernelChoice explains one kernel's decision.
type KernelChoice struct {
	Kernel  string `json:"kernel"`
	Choice  string `json:"choice"`  // the variant in use with this profile
	Default string `json:"default"` // the built-in rules' choice
	Reason  string `json:"reason"`
	// Evidence is what decided: "per call", "whole solves of ffo20-39".
	Evidence string `json:"evidence,omitempty"`
	// Verdict is the paired comparison's: faster, equal, slower, undecided.
	Verdict   string  `json:"verdict,omitempty"`
	Winner    *Figure `json:"winner,omitempty"`
	RunnerUp  *Figure `json:"runner_up,omitempty"`
	Reference *Figure `json:"reference,omitempty"`
}

// Figure is one variant's measurement: median and confidence interval in
// nanoseconds per operation, over N runs.
type Figure struct {
	Variant    string  `json:"variant"`
	Ns         float64 `json:"ns"`
	Lo         float64 `json:"lo"`
	Hi         float64 `json:"hi"`
	Confidence float64 `json:"confidence"`
	N          int     `json:"n"`
}

// PickRule is the version of pick's rule. 2: paired verdicts on a 90%
// equivalence interval; whole solves decide only when paired, with a 95%
// interval inside the margin; one build flavour; no kernel measured on
// old inputs. Profiles without a rule line are of rule 1.
const PickRule = 2

// ProfileName is the profile's path inside a results directory.
func ProfileName(id string) string { return filepath.Join(id, "profile.json") }

// Parse reads a profile.
func Parse(data []byte) (*Profile, error) {
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, err
	}
	if p.CPU == "" {
		return nil, errors.New("not a flipbench profile (no cpu)")
	}
	if p.Rule != PickRule {
		return nil, fmt.Errorf("made by pick's rule %d, this build decides by rule %d: remake it from its results with flipbench pick (pick -o PROFILE RESULTS-FILES... for another CPU's)", max(p.Rule, 1), PickRule)
	}
	return &p, nil
}

// Embedded returns the committed profile of a CPU, or nil.
func Embedded(id string) (*Profile, error) {
	data, err := embedded.ReadFile(id + "/profile.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("embedded results/%s/profile.json: %v", id, err)
	}
	return p, nil
}

// PredictedDir is the folder of the predictions (flipbench predict,
// harness/predict): results/predicted/<model>/<kernel>.txt. It is no CPU:
// readers of measured results skip it (its files are a level deeper than
// a CPU's, and EmbeddedCPUs leaves it out).
const PredictedDir = "predicted"

// EmbeddedCPUs lists the CPUs (folders) of the embedded results.
func EmbeddedCPUs() []string {
	ents, _ := fs.ReadDir(embedded, ".")
	var out []string
	for _, e := range ents {
		if e.IsDir() && e.Name() != PredictedDir {
			out = append(out, e.Name())
		}
	}
	return out
}

// UserProfilePath is where a user's own profile of a CPU lives
// (<user config dir>/flipbench/<cpu-id>/profile.json); it overrides the
// embedded one.
func UserProfilePath(id string) (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "flipbench", id, "profile.json"), nil
}

// OtherCPUError: a profile was found for a CPU, but it was measured on
// another (its cpu is another identity): it is not applied.
type OtherCPUError struct {
	Source   string // where it was found
	Measured string // the identity it was measured on
	Here     string // the CPU it was looked up for
}

func (e *OtherCPUError) Error() string {
	return fmt.Sprintf("the profile %s was measured on %s, not on this CPU (%s): not applied, the built-in rules choose", e.Source, e.Measured, e.Here)
}

// Find returns the profile in force for the CPU of identity id and where
// it came from: the file named by override if not empty (the CLI's
// FLIPBENCH_PROFILE; "off" or "none" for no profile), else the user's
// (UserProfilePath), else the embedded one; nil if there is none. A profile is only ever applied to the CPU it was measured on:
// one of another identity is not returned, and the error
// (*OtherCPUError) says so.
func Find(id, override string) (*Profile, string, error) {
	p, src, err := find(id, override)
	if err != nil || p == nil {
		return nil, src, err
	}
	if p.CPU != id {
		return nil, src, &OtherCPUError{Source: src, Measured: p.CPU, Here: id}
	}
	return p, src, nil
}

func find(id, override string) (*Profile, string, error) {
	if override != "" {
		if override == "off" || override == "none" {
			return nil, "", nil
		}
		p, err := readFile(override)
		return p, override, err
	}
	if up, err := UserProfilePath(id); err == nil {
		if p, err := readFile(up); err == nil {
			return p, up, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, up, err
		}
	}
	p, err := Embedded(id)
	if p == nil || err != nil {
		return nil, "", err
	}
	return p, "embedded results/" + id + "/profile.json", nil
}

func readFile(path string) (*Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return p, nil
}

// Write saves a profile atomically, readable by everyone.
func (p *Profile) Write(path string) error {
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'))
}
