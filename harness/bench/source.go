package bench

import "embed"

// RunnerFiles is the session runner's source (runner.go and the counters
// it reads): flipbench regress builds it into the binary that runs two
// revisions' kernels side by side, so that the runner is this
// flipbench's, whatever the revisions' own (harness/regress.PrepareDuo).
// It uses nothing outside the standard library, golang.org/x/perf and
// golang.org/x/sys.
//
//go:embed runner.go counters_linux.go counters_other.go
var RunnerFiles embed.FS
