package bench

import _ "embed"

// RunnerSource is runner.go, the session runner, as source: flipbench
// regress builds it into the binary that runs two revisions' kernels
// side by side, so that the runner is this flipbench's, whatever the
// revisions' own (harness/regress.PrepareDuo). It uses nothing outside
// the standard library and golang.org/x/perf.
//
//go:embed runner.go
var RunnerSource []byte
