package bench

import (
	"fmt"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/flipbench/flipbench/harness/resultsfile"
	"github.com/flipbench/flipbench/variants"
)

// MachineConfig returns the configuration lines that identify the machine
// and the build in a results file: they become benchproc keys (cpu-id,
// cpu, uarch, commit, ...) so that tables can put CPUs in columns. cpu-id
// is the CPU's identity (variants.CPUInfo.ID), the key every reader uses;
// cpu (the brand) and cpu-slug are labels.
func MachineConfig(now time.Time, c variants.CPUInfo) [][2]string {
	uarch := c.Uarch
	if uarch == "" {
		uarch = "unknown"
	}
	brand := c.Brand
	if brand == "" {
		brand = "unknown"
	}
	cfg := [][2]string{
		{resultsfile.KeyGOOS, runtime.GOOS},
		{resultsfile.KeyGOARCH, runtime.GOARCH},
		{resultsfile.KeyCPU, brand},
		{resultsfile.KeyCPUSlug, c.Slug()},
		{resultsfile.KeyCPUID, c.ID()},
		{resultsfile.KeyCPUVendor, orUnknown(c.Vendor)},
		{resultsfile.KeyCPUFamily, fmt.Sprintf("%#x", c.Family)},
		{resultsfile.KeyCPUModel, fmt.Sprintf("%#x", c.Model)},
		{resultsfile.KeyCPUStepping, fmt.Sprint(c.Stepping)},
		{resultsfile.KeyUarch, uarch},
		levelLine(c),
		{resultsfile.KeyCPUFeatures, featureString(c)},
		{resultsfile.KeyGOAMD64, goamd64()},
		{resultsfile.KeyGo, runtime.Version()},
		{resultsfile.KeyCommit, Commit()},
		{resultsfile.KeyDate, now.UTC().Format(time.RFC3339)},
	}
	if len(c.Disabled) > 0 {
		cfg = append(cfg, [2]string{resultsfile.KeyDisabled, strings.Join(c.Disabled, ",")})
	}
	// How the binary was built, where it departs from the default build
	// (go build uses cmd/flipbench/default.pgo): a test binary or one built
	// with -pgo=off has no profile, and whole solves differ by it.
	if v := BuildGOEXPERIMENT(); v != "" {
		cfg = append(cfg, [2]string{resultsfile.KeyGOEXPERIMENT, v})
	}
	if !BuildPGO() {
		cfg = append(cfg, [2]string{resultsfile.KeyPGO, "off"})
	}
	return cfg
}

// BuildGOEXPERIMENT is the GOEXPERIMENT this binary was built with ("" for
// none): MachineConfig's goexperiment line.
func BuildGOEXPERIMENT() string { return buildSetting("GOEXPERIMENT") }

// BuildPGO reports whether this binary was built with a PGO profile (go
// build's default, cmd/flipbench/default.pgo); false for -pgo=off and for
// test binaries: MachineConfig's "pgo: off" line.
func BuildPGO() bool { return buildSetting("-pgo") != "" }

// levelLine is the x86-64 level of an x86 CPU, the SVE vector length of
// an arm64 one.
func levelLine(c variants.CPUInfo) [2]string {
	if c.Arch == "arm64" {
		return [2]string{resultsfile.KeySVEBits, fmt.Sprint(c.SVEBits)}
	}
	return [2]string{resultsfile.KeyX64Level, fmt.Sprintf("v%d", c.Level)}
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func featureString(c variants.CPUInfo) string {
	var s []string
	for _, f := range c.FeatureList() {
		s = append(s, string(f))
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " ")
}

func buildSetting(key string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}

// goamd64 is the GOAMD64 level the binary was built for ("" off amd64).
func goamd64() string {
	if runtime.GOARCH != "amd64" {
		return "-"
	}
	if v := buildSetting("GOAMD64"); v != "" {
		return v
	}
	return "v1"
}

// Commit identifies the project revision: the VCS stamp of the build, or
// (go run does not stamp) git rev-parse in the working directory, with
// "-dirty" when code differs from it: a file other than those the main
// job itself writes (GeneratedPath: BENCHMARKS.md, docs/charts/,
// results/) is modified, added or deleted, tracked or not (ignored files
// aside). A stamped build run outside its repository keeps the stamp's
// own modified flag. "unknown" when there is neither stamp nor git.
func Commit() string { return commitIn("") }

// ShortCommit abbreviates a Commit (a hash), keeping its "-dirty" mark.
func ShortCommit(commit string) string {
	base, dirty := strings.CutSuffix(commit, "-dirty")
	if len(base) > 12 {
		base = base[:12]
	}
	if dirty {
		base += "-dirty"
	}
	return base
}

// GeneratedPath reports whether a path (relative to the repository root,
// with slashes) is one the main job regenerates, so that changing it does
// not make the build dirty.
func GeneratedPath(p string) bool {
	return p == "BENCHMARKS.md" || strings.HasPrefix(p, "docs/charts/") || strings.HasPrefix(p, "results/")
}

func commitIn(dir string) string {
	rev := buildSetting("vcs.revision")
	stamped := rev != ""
	modified := buildSetting("vcs.modified") == "true"
	head, err := git(dir, "rev-parse", "HEAD")
	switch {
	case !stamped && err != nil:
		return "unknown"
	case !stamped:
		rev = strings.TrimSpace(head)
	case err != nil || strings.TrimSpace(head) != rev || !modified:
		// not in the build's repository, or clean: the stamp says it all
		if modified {
			rev += "-dirty"
		}
		return rev
	}
	st, err := git(dir, "status", "--porcelain", "-z", "--untracked-files=all")
	if err != nil {
		if stamped && modified {
			rev += "-dirty"
		}
		return rev
	}
	if codeChanged(st) {
		rev += "-dirty"
	}
	return rev
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return string(out), err
}

// codeChanged reads git status --porcelain -z (paths relative to the
// repository root): is any changed path outside GeneratedPath?
func codeChanged(status string) bool {
	fields := strings.Split(status, "\x00")
	for i := 0; i < len(fields); i++ {
		e := fields[i]
		if len(e) < 4 {
			continue
		}
		xy, path := e[:2], e[3:]
		if !GeneratedPath(path) {
			return true
		}
		if xy[0] == 'R' || xy[0] == 'C' {
			// the source of a rename or copy follows
			i++
			if i < len(fields) && fields[i] != "" && !GeneratedPath(fields[i]) {
				return true
			}
		}
	}
	return false
}
