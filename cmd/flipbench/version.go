package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/flipbench/flipbench/harness/bench"
)

func init() {
	register(&command{
		name:    "version",
		summary: "the module version, the VCS stamp of this build and the Go toolchain",
		usage:   "",
		setup: func(fs *flag.FlagSet) func([]string) error {
			return func(args []string) error {
				if len(args) > 0 {
					return &exitError{2, fmt.Sprintf("version: unexpected argument %q", args[0])}
				}
				printVersion()
				return nil
			}
		},
	})
}

// printVersion: "flipbench v0.3.0" (go install ...@v0.3.0) or "(devel)"
// (built in the repository), the VCS revision, time and modified flag
// the build stamped (or, for go run, which stamps nothing, git's view:
// bench.Commit), the Go version, platform and GOAMD64, GOEXPERIMENT.
func printVersion() {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintf(stdout, "flipbench (no build information)\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	fmt.Fprintf(stdout, "flipbench %s %s\n", v, bi.Main.Path)
	if rev := settings["vcs.revision"]; rev != "" {
		fmt.Fprintf(stdout, "vcs:       %s %s", settings["vcs"], rev)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(stdout, " (%s)", t)
		}
		if settings["vcs.modified"] == "true" {
			fmt.Fprint(stdout, " modified")
		}
		fmt.Fprintln(stdout)
	} else {
		fmt.Fprintf(stdout, "vcs:       not stamped (go run, or -buildvcs=false); git here: %s\n", bench.Commit())
	}
	fmt.Fprintf(stdout, "commit:    %s (as results files record it)\n", bench.Commit())
	fmt.Fprintf(stdout, "go:        %s %s/%s", bi.GoVersion, runtime.GOOS, runtime.GOARCH)
	if a := settings["GOAMD64"]; a != "" {
		fmt.Fprintf(stdout, " GOAMD64=%s", a)
	}
	if e := settings["GOEXPERIMENT"]; e != "" {
		fmt.Fprintf(stdout, " GOEXPERIMENT=%s", e)
	}
	if tags := settings["-tags"]; tags != "" {
		fmt.Fprintf(stdout, " -tags %s", tags)
	}
	fmt.Fprintln(stdout)
}
