package variants

import (
	"strings"
	"testing"
)

// What /proc/cpuinfo says on the hosts the checks run on: an x86-64 VM,
// and a Graviton2 (Neoverse N1).
const (
	cpuinfoXeon = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 167\nmodel name\t: Intel(R) Xeon(R) Processor\nstepping\t: 1\n\nprocessor\t: 1\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\n"
	cpuinfoN1   = "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n"
)

func TestEmulation(t *testing.T) {
	xeon := NewCPUInfo("Intel(R) Xeon(R) Processor", "Intel", 6, 0xa7, 1, 4, nil)
	haswell := NewCPUInfo("Intel Core Processor (Haswell)", "Intel", 6, 0x3c, 4, 3, nil)
	n1 := NewARMCPUInfo("", "ARM", 3, 0xd0c, 1, 0, []Feature{ASIMD, CRC32})
	a72 := NewARMCPUInfo("", "ARM", 0, 0xd08, 3, 0, []Feature{ASIMD, CRC32})
	for _, tc := range []struct {
		name    string
		cpuinfo string
		cpu     CPUInfo
		want    string // a word of the reason, "" for none
	}{
		{"x86 VM, its own CPU", cpuinfoXeon, xeon, ""},
		{"qemu-x86_64 -cpu Haswell on it", cpuinfoXeon, haswell, "model 0x3c"},
		{"qemu-aarch64 on an x86 host", cpuinfoXeon, n1, "x86-64 host"},
		{"Graviton2, its own CPU", cpuinfoN1, n1, ""},
		{"qemu-aarch64 -cpu cortex-a72 on a Graviton2", cpuinfoN1, a72, "part 0xd08"},
		{"an x86 binary on an arm64 host", cpuinfoN1, xeon, "arm64 host"},
		{"no /proc (darwin)", "", n1, ""},
	} {
		got := Emulation(tc.cpuinfo, tc.cpu)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: Emulation = %q, want one saying %q", tc.name, got, tc.want)
		}
	}
}

func TestARMIdentity(t *testing.T) {
	for _, tc := range []struct {
		cpu  CPUInfo
		want string
	}{
		{NewARMCPUInfo("", "ARM", 4, 0xd0c, 1, 0, nil), "arm-neoverse-n1-pd0c-v4-r1"},
		{NewARMCPUInfo("", "ARM", 0, 0xd40, 1, 256, []Feature{SVE}), "arm-neoverse-v1-pd40-v0-r1"},
		{NewARMCPUInfo("", "Ampere", 0, 0xac3, 0, 0, nil), "ampere-ampereone-pac3-v0-r0"},
		{NewARMCPUInfo("", "", 0, 0x051, 0, 512, []Feature{SVE}), "unknown-p051-v0-r0"},
		{NewARMCPUInfo("Apple M2 Pro", "Apple", 0, 0xda33d83d, 0, 0, nil), "apple-m2-pro-pda33d83d"},
	} {
		if got := tc.cpu.ID(); got != tc.want {
			t.Errorf("%s %#x: ID %q, want %q", tc.cpu.Vendor, tc.cpu.Model, got, tc.want)
		}
	}
	if c := NewARMCPUInfo("", "ARM", 0, 0xd0c, 1, 256, nil); c.SVEBits != 0 {
		t.Errorf("a CPU without SVE has SVEBits %d", c.SVEBits)
	}
}
