package solver

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// memoryLimit is what a table may take: the kernel's estimate of the
// memory available without swapping (MemAvailable), else free plus
// buffers; 0 if unknown.
func memoryLimit() uint64 {
	if f, err := os.Open("/proc/meminfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) >= 2 && fs[0] == "MemAvailable:" {
				if kb, err := strconv.ParseUint(fs[1], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	unit := uint64(si.Unit)
	if unit == 0 {
		unit = 1
	}
	return (uint64(si.Freeram) + uint64(si.Bufferram)) * unit
}
