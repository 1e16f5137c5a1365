package variants

import (
	"fmt"
	"strconv"
	"strings"
)

// Emulation says why c, as this process sees it, is not the CPU it runs
// on, "" when nothing says so: under qemu-user (or Rosetta) the
// instructions flipbench reads its CPU with answer for the emulated core,
// while the kernel's /proc/cpuinfo (its text, cpuinfo) describes the
// host's. Timings taken there measure the emulator, not c. An empty
// cpuinfo (no /proc, as on darwin) proves nothing.
func Emulation(cpuinfo string, c CPUInfo) string {
	kv := firstProcessor(cpuinfo)
	if len(kv) == 0 {
		return ""
	}
	hostX86 := kv["vendor_id"] != "" || kv["cpu family"] != ""
	hostARM := kv["CPU implementer"] != ""
	switch {
	case c.Arch == "arm64" && hostX86:
		return fmt.Sprintf("this arm64 process runs on an x86-64 host (/proc/cpuinfo: %q): an emulator (qemu-user) runs it", kv["model name"])
	case c.Arch == "arm64" && hostARM:
		part, err := strconv.ParseInt(kv["CPU part"], 0, 32)
		if err == nil && c.Vendor != "" && c.Vendor != "Apple" && int(part) != c.Model {
			return fmt.Sprintf("MIDR gives part %#03x but /proc/cpuinfo part %#03x: an emulator (qemu-user) runs this process", c.Model, part)
		}
	case c.Arch != "arm64" && hostARM:
		return "this x86-64 process runs on an arm64 host (/proc/cpuinfo): an emulator (qemu-user or Rosetta) runs it"
	case c.Arch != "arm64" && hostX86:
		fam, err1 := strconv.Atoi(kv["cpu family"])
		mod, err2 := strconv.Atoi(kv["model"])
		if err1 == nil && err2 == nil && (fam != c.Family || mod != c.Model) {
			return fmt.Sprintf("CPUID gives family %#x model %#x (%s) but /proc/cpuinfo family %#x model %#x (%q): an emulator (qemu-user) runs this process",
				c.Family, c.Model, c.Brand, fam, mod, kv["model name"])
		}
	}
	return ""
}

// firstProcessor is the "key : value" lines of cpuinfo's first processor.
func firstProcessor(cpuinfo string) map[string]string {
	kv := map[string]string{}
	for _, line := range strings.Split(cpuinfo, "\n") {
		if strings.TrimSpace(line) == "" {
			if len(kv) > 0 {
				break
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if _, seen := kv[k]; !seen {
			kv[k] = strings.TrimSpace(v)
		}
	}
	return kv
}
