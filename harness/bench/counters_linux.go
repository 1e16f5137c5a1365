package bench

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// counters are the calling thread's cycle and instruction counters
// (Linux perf events, user space only), opened by the thread that runs the
// cases (Run locks it).
type counters struct{ fds [2]int }

func openCounters() (*counters, error) {
	c := &counters{fds: [2]int{-1, -1}}
	for i, cfg := range []uint64{unix.PERF_COUNT_HW_CPU_CYCLES, unix.PERF_COUNT_HW_INSTRUCTIONS} {
		attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_HARDWARE, Config: cfg,
			Bits: unix.PerfBitDisabled | unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv}
		attr.Size = uint32(unsafe.Sizeof(attr))
		fd, err := unix.PerfEventOpen(&attr, 0, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
		if err != nil {
			c.close()
			return nil, fmt.Errorf("perf_event_open: %v", err)
		}
		c.fds[i] = fd
	}
	return c, nil
}

func (c *counters) start() {
	for _, fd := range c.fds {
		_ = unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_RESET, 0)
		_ = unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0)
	}
}

// stop returns the cycles and instructions since start.
func (c *counters) stop() (cycles, instructions uint64) {
	var out [2]uint64
	for i, fd := range c.fds {
		_ = unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_DISABLE, 0)
		var b [8]byte
		if n, err := unix.Read(fd, b[:]); err == nil && n == 8 {
			out[i] = binary.NativeEndian.Uint64(b[:])
		}
	}
	return out[0], out[1]
}

func (c *counters) close() {
	for _, fd := range c.fds {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
}
