package bench

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func readState(self int) MachineState {
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	onOff := func(v string, on string) string {
		switch v {
		case "":
			return ""
		case on:
			return "on"
		}
		return "off"
	}
	var s MachineState
	s.Governor = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
	if v := read("/sys/devices/system/cpu/cpufreq/boost"); v != "" {
		s.Boost = onOff(v, "1")
	} else if v := read("/sys/devices/system/cpu/intel_pstate/no_turbo"); v != "" {
		s.Boost = onOff(v, "0")
	}
	s.SMT = onOff(read("/sys/devices/system/cpu/smt/active"), "1")
	s.THP = bracketed(read("/sys/kernel/mm/transparent_hugepage/enabled"))
	s.Load, s.HasLoad = readLoad()
	s.Kernel = "linux " + read("/proc/sys/kernel/osrelease")
	s.Others = otherFlipbench(self)
	return s
}

func readLoad() ([3]float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return [3]float64{}, false
	}
	return parseLoad(string(b))
}

// otherFlipbench lists the other processes of a flipbench binary, test
// binary or a binary of this one's name (their command name), this
// process and its parent left out (go run's or a server's parent is the
// same session).
func otherFlipbench(self int) []string {
	ents, _ := os.ReadDir("/proc")
	parent := os.Getppid()
	own, _ := os.ReadFile("/proc/self/comm")
	ownName := strings.TrimSpace(string(own))
	type proc struct {
		pid, ppid int
		line      string
	}
	var found []proc
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self || pid == parent {
			continue
		}
		comm, err := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
		if err != nil {
			continue
		}
		name := strings.TrimSpace(string(comm))
		if name != "flipbench" && !strings.HasPrefix(name, "flipbench.") && name != ownName {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		line := procCommand(name, strings.Split(strings.TrimRight(string(cmd), "\x00"), "\x00"))
		if len(line) > 120 {
			line = line[:120] + "…"
		}
		found = append(found, proc{pid, parentOf(pid), line})
	}
	// a session's servers (bench -processes) are its children: this
	// one's are no other session, another's are that session
	var out []string
	for _, p := range found {
		if p.ppid == self || slices.ContainsFunc(found, func(q proc) bool { return q.pid == p.ppid }) {
			continue
		}
		out = append(out, "pid "+strconv.Itoa(p.pid)+": "+p.line)
	}
	return out
}

func parentOf(pid int) int {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	// pid (comm) state ppid ...: comm may hold spaces, so after the last ')'
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0
	}
	p, _ := strconv.Atoi(f[1])
	return p
}
