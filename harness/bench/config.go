package bench

import (
	"fmt"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/flipbench/flipbench/variants"
)

// MachineConfig returns the configuration lines that identify the machine
// and the build in a results file: they become benchproc keys (cpu,
// uarch, commit, ...) so that tables can put CPUs in columns.
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
		{"goos", runtime.GOOS},
		{"goarch", runtime.GOARCH},
		{"cpu", brand},
		{"cpu-slug", c.Slug()},
		{"cpu-vendor", orUnknown(c.Vendor)},
		{"cpu-family", fmt.Sprintf("%#x", c.Family)},
		{"cpu-model", fmt.Sprintf("%#x", c.Model)},
		{"cpu-stepping", fmt.Sprint(c.Stepping)},
		{"uarch", uarch},
		{"x64level", fmt.Sprintf("v%d", c.Level)},
		{"cpu-features", featureString(c)},
		{"goamd64", goamd64()},
		{"go", runtime.Version()},
		{"commit", Commit()},
		{"date", now.UTC().Format(time.RFC3339)},
	}
	if len(c.Disabled) > 0 {
		cfg = append(cfg, [2]string{"disabled", strings.Join(c.Disabled, ",")})
	}
	return cfg
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
// "-dirty" when tracked files are modified; "unknown" otherwise.
func Commit() string {
	if rev := buildSetting("vcs.revision"); rev != "" {
		if buildSetting("vcs.modified") == "true" {
			rev += "-dirty"
		}
		return rev
	}
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(strings.TrimSpace(string(st))) > 0 {
		rev += "-dirty"
	}
	return rev
}
