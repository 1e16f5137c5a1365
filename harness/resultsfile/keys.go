// Package resultsfile is flipbench's results format: Go's benchmark
// format with configuration lines that say the machine, the build and
// the session. It names every configuration key, writes results files
// (Writer) and reads them (Read), old formats included (old.go): the
// readers above it (stats, report, pick, upload) see one format.
package resultsfile

// Version is the format this build writes, in its Format line. Files
// without that line are older: version 1 in all its variations, which
// Read and the functions of old.go read too.
const Version = "2"

// The configuration keys of a results file.
const (
	// KeyFormat is the format's version (Version); absent from older
	// files.
	KeyFormat = "format"
	// KeyFile is the file a result was read from: no line of the file,
	// the readers set it (Read's views, View).
	KeyFile = ".file"

	// The machine (MachineConfig in harness/bench).
	KeyGOOS        = "goos"
	KeyGOARCH      = "goarch"
	KeyCPU         = "cpu" // the brand, a label
	KeyCPUSlug     = "cpu-slug"
	KeyCPUID       = "cpu-id" // the identity every reader keys on (variants.CPUInfo.ID)
	KeyCPUVendor   = "cpu-vendor"
	KeyCPUFamily   = "cpu-family"
	KeyCPUModel    = "cpu-model"
	KeyCPUStepping = "cpu-stepping"
	KeyUarch       = "uarch"
	KeyX64Level    = "x64level" // x86-64
	KeySVEBits     = "sve-bits" // arm64
	KeyCPUFeatures = "cpu-features"
	KeyDisabled    = "disabled"

	// The build.
	KeyGOAMD64      = "goamd64"
	KeyGo           = "go"
	KeyCommit       = "commit"
	KeyDate         = "date"
	KeyGOEXPERIMENT = "goexperiment" // only when set
	KeyPGO          = "pgo"          // only "off"
	KeyTags         = "tags"

	// The session.
	KeySchedule  = "schedule"
	KeyCount     = "count"
	KeyBenchtime = "benchtime"
	KeySeed      = "seed"
	KeyLeadIn    = "lead-in"
	KeyVariants  = "variants"
	KeyPinned    = "pinned"
	KeyProcesses = "processes"
	// KeyInputs names a kernel session's inputs (InputsVersion).
	KeyInputs = "inputs"
	// KeyRuns says how many runs a case makes in each round: its results
	// of one round are that many lines of its name (1 without the line).
	KeyRuns = "runs-per-round"
	// KeyIncomplete marks an interrupted session's file, after its last
	// result ("incomplete: interrupted after 12 of 40 runs").
	KeyIncomplete = "incomplete"
	// KeyImpl is a result's kind of implementation (KindOf): a line of
	// each kernel result; a key of the name in Floor results, which
	// must not carry a label twice.
	KeyImpl = "impl"

	// The machine's state (harness/bench.MachineState).
	KeyGovernor   = "governor"
	KeyBoost      = "boost"
	KeySMT        = "smt"
	KeyTHP        = "thp"
	KeyLoadStart  = "load-start"
	KeyLoadEnd    = "load-end" // after the last result
	KeyHypervisor = "hypervisor"
	KeyOSKernel   = "os-kernel"

	// Whole solves (solve, train) and the Edax comparison (anchor).
	KeyEval         = "eval"
	KeyEvalNote     = "eval-note"
	KeyEvalChecksum = "eval-checksum"
	KeyHashBits     = "hash-bits"
	KeyMAESeed      = "mae-seed"
	KeyMAEN         = "mae-n"
	KeyMAEEmpties   = "mae-empties"
	KeyEdax         = "edax"
	KeySource       = "source"

	// cbench's files (cbench/cbench.c writes them).
	KeyCompiler = "compiler"
	KeyCFlags   = "cflags"

	// The two trees flipbench regress compares.
	KeyRegressOld = "regress-old"
	KeyRegressNew = "regress-new"

	// Predictions (harness/predict).
	KeyPredicted  = "predicted"
	KeyModel      = "model"
	KeyModelNote  = "model-note"
	KeyIterations = "iterations"
	KeyCode       = "code"
	KeyDecoded    = "decoded"
	KeyWhy        = "why"
)
