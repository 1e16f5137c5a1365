package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/flipbench/flipbench/variants"
)

// hostCPUInfo is the kernel's description of the host's CPU, which an
// emulator does not fake the way it fakes CPUID or MIDR; "" where there is
// none. The tests replace it: they run under qemu on purpose.
var hostCPUInfo = sync.OnceValue(func() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	return string(b)
})

// emulation says why this process runs under an emulator, "" if nothing
// says so (variants.Emulation).
func emulation(c variants.CPUInfo) string { return variants.Emulation(hostCPUInfo(), c) }

// refuseEmulated is the exit-2 error of a command that would record
// timings under an emulator: they would measure the emulator.
func refuseEmulated(cmd string, c variants.CPUInfo) error {
	why := emulation(c)
	if why == "" {
		return nil
	}
	return &exitError{2, fmt.Sprintf("%s: not recording timings under emulation (%s); check, solve, perft and cases run here, and the tests", cmd, why)}
}
