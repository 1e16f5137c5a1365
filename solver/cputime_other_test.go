//go:build !unix

package solver

import "time"

// cpuTime has no portable source here: the run logs show wall time only.
func cpuTime() time.Duration { return 0 }
