package bench

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/flipbench/flipbench/harness/resultsfile"
)

// MachineState is how the machine was set and what it was doing when a
// session began: what a reader needs to trust its figures (a governor
// that scales, turbo, a sibling thread, another session's load) and that
// the CPU identity does not say. Fields a platform does not expose are
// empty.
type MachineState struct {
	Governor   string     // cpufreq scaling governor of CPU 0 ("performance", "powersave"); "" without cpufreq (most VMs)
	Boost      string     // "on" or "off": turbo or precision boost; "" unknown
	SMT        string     // "on" or "off": sibling threads share the cores; "" unknown
	THP        string     // transparent huge pages: "always", "madvise", "never"; "" unknown
	Load       [3]float64 // load averages over 1, 5 and 15 minutes
	HasLoad    bool
	Hypervisor string // CPUID leaf 0x40000000's vendor ("KVMKVMKVM", "Microsoft Hv"); "" on bare metal or unknown
	Kernel     string // the OS kernel's release
	// Others are the other flipbench processes running ("pid 123:
	// flipbench bench -kernel flip"): a second session takes the cores
	// this one measures on.
	Others []string
}

// StateKeys lists the machine-state keys, in the order a file writes them.
var StateKeys = []string{resultsfile.KeyGovernor, resultsfile.KeyBoost, resultsfile.KeySMT, resultsfile.KeyTHP, resultsfile.KeyLoadStart, resultsfile.KeyHypervisor, resultsfile.KeyOSKernel}

// ReadMachineState reads this machine's state now; hypervisor is the
// CPU's hypervisor vendor (variants' CPUID reading), self the pid to
// leave out of Others.
func ReadMachineState(hypervisor string, self int) MachineState {
	s := readState(self)
	s.Hypervisor = hypervisor
	return s
}

// Config is the state as configuration lines: every key of StateKeys,
// "none" where the platform has no such setting, "unknown" where it was
// not readable.
func (s MachineState) Config() [][2]string {
	or := func(v, d string) string {
		if v == "" {
			return d
		}
		return v
	}
	load := "unknown"
	if s.HasLoad {
		load = FormatLoad(s.Load)
	}
	return [][2]string{
		{resultsfile.KeyGovernor, or(s.Governor, "none")},
		{resultsfile.KeyBoost, or(s.Boost, "unknown")},
		{resultsfile.KeySMT, or(s.SMT, "unknown")},
		{resultsfile.KeyTHP, or(s.THP, "unknown")},
		{resultsfile.KeyLoadStart, load},
		{resultsfile.KeyHypervisor, or(s.Hypervisor, "none")},
		{resultsfile.KeyOSKernel, or(s.Kernel, runtime.GOOS)},
	}
}

// LoadNow is the load averages now ("unknown" where the platform has
// none): the resultsfile.KeyLoadEnd line.
func LoadNow() string {
	if l, ok := readLoad(); ok {
		return FormatLoad(l)
	}
	return "unknown"
}

// FormatLoad writes load averages as /proc/loadavg does: "0.52 0.58 0.59".
func FormatLoad(l [3]float64) string { return fmt.Sprintf("%.2f %.2f %.2f", l[0], l[1], l[2]) }

// Warnings says what in the state will spoil a session's figures on a
// machine of cores logical CPUs: another flipbench process, a load above
// the cores, a governor that scales the clock with the load.
func (s MachineState) Warnings(cores int) []string {
	var out []string
	for _, o := range s.Others {
		out = append(out, "another flipbench process is running ("+o+"): two sessions take each other's cores and both sets of figures are spoiled")
	}
	if s.HasLoad && s.Load[0] > float64(cores) {
		out = append(out, fmt.Sprintf("the load average is %.2f on %d logical CPUs: the machine is busy, and the figures will be slower and noisier than its CPU", s.Load[0], cores))
	}
	switch s.Governor {
	case "", "performance":
	default:
		out = append(out, fmt.Sprintf("the cpufreq governor is %q: the clock follows the load, so a run's speed depends on what ran before it (performance holds it)", s.Governor))
	}
	return out
}

// parseLoad reads /proc/loadavg's first three fields.
func parseLoad(text string) ([3]float64, bool) {
	var l [3]float64
	f := strings.Fields(text)
	if len(f) < 3 {
		return l, false
	}
	for i := range 3 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return l, false
		}
		l[i] = v
	}
	return l, true
}

// bracketed is the selected value of a sysfs choice: "always [madvise]
// never" -> "madvise".
func bracketed(text string) string {
	if _, after, ok := strings.Cut(text, "["); ok {
		if v, _, ok := strings.Cut(after, "]"); ok {
			return v
		}
	}
	return strings.TrimSpace(text)
}

// procCommand is a process's command as its name and arguments: what
// follows the executable, which an emulator (qemu-user through
// binfmt_misc) may precede with itself and follow with argv[0] again.
func procCommand(name string, args []string) string {
	for i, a := range args {
		if filepath.Base(a) != name {
			continue
		}
		rest := args[i+1:]
		if len(rest) > 0 && filepath.Base(rest[0]) == name {
			rest = rest[1:]
		}
		return strings.Join(append([]string{name}, rest...), " ")
	}
	return strings.Join(args, " ")
}
