// Command flipbench finds which variant of each hot Othello solver kernel
// is fastest on this CPU, checks every variant against its reference, and
// runs whole endgame solves per variant set.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/flipbench/flipbench/variants"
)

// command is one subcommand; each lives in its own file and registers
// itself in init.
type command struct {
	name    string
	summary string
	usage   string // arguments after the name
	// setup defines the command's flags and returns what runs it with the
	// remaining arguments.
	setup func(fs *flag.FlagSet) func(args []string) error
	// rawArgs commands take no flags: a board string may start with '-'.
	rawArgs bool
	// reads says the command reads results files: its memory is held
	// to readLimit (a soft limit: the garbage collector works harder
	// near it), so that any input stays within it where its data fit.
	reads bool
}

// readLimit is the soft memory limit of the commands that read results
// files (GOMEMLIMIT overrides it): the statistics' data of the largest
// input stats reads (stats.MaxResults) fit in it.
const readLimit = 300 << 20

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// exitError carries an exit status other than 1.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

var stdout io.Writer = os.Stdout

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 2 {
			fmt.Fprintf(os.Stderr, "flipbench help: one topic at a time (got %q)\n", args[1:])
			return 2
		}
		if len(args) > 1 {
			c, ok := commands[args[1]]
			if !ok {
				fmt.Fprintf(os.Stderr, "flipbench help: unknown topic %q\n\n", args[1])
				usage(os.Stderr)
				return 2
			}
			fs := newFlags(c)
			c.setup(fs)
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
		usage(stdout)
		return 0
	}
	if args[0] == "-version" || args[0] == "--version" {
		args = []string{"version"}
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "flipbench: unknown command %q\n\n", args[0])
		usage(os.Stderr)
		return 2
	}
	if _, err := envSelection(nil); err != nil {
		fmt.Fprintln(os.Stderr, "flipbench:", err)
		return 2
	}
	if c.reads && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(readLimit)
	}
	fs := newFlags(c)
	runFn := c.setup(fs)
	rest := args[1:]
	if !c.rawArgs {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		rest = fs.Args()
	} else if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if err := runFn(rest); err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			if ee.msg != "" {
				fmt.Fprintln(os.Stderr, "flipbench:", ee.msg)
			}
			return ee.code
		}
		fmt.Fprintf(os.Stderr, "flipbench %s: %v\n", c.name, err)
		return 1
	}
	return 0
}

func newFlags(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("flipbench "+c.name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: flipbench %s %s\n\n%s\n\n", c.name, c.usage, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "flipbench: which variant of each Othello solver kernel is fastest on this CPU")
	fmt.Fprintln(w, "\nusage: flipbench <command> [flags] [args]\n\ncommands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "  help      this list; 'flipbench help <command>' for its flags")
	fmt.Fprintln(w, "\nenvironment:")
	fmt.Fprintln(w, "  FLIPBENCH_VARIANTS=kernel=variant,...  choose variants (as -variants)")
	fmt.Fprintln(w, "  FLIPBENCH_DISABLE=avx512,bmi2,...      act as if this CPU lacked these features")
}

// self is how the user ran flipbench, for the commands a message
// suggests: "go run ./cmd/flipbench" when go run built it (its binary,
// named flipbench, is in go's temporary build directory), else
// "flipbench".
func self() string {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	if strings.Contains(filepath.ToSlash(exe), "/go-build") && filepath.Base(exe) == "flipbench" {
		return "go run ./cmd/flipbench"
	}
	return "flipbench"
}

// variantsFlag adds -variants to a command (see selection).
func variantsFlag(fs *flag.FlagSet) *string {
	return fs.String("variants", "", "variant choice: kernel=variant,... (see 'flipbench cpu')")
}

// selection is what a command runs on: this CPU less FLIPBENCH_DISABLE,
// the pick profile measured on this CPU (if there is one), then
// FLIPBENCH_VARIANTS, then the -variants flag's spec.
func selection(spec string) (variants.Selection, error) {
	s, err := envSelection(cpuProfile().choices)
	if err != nil {
		return s, &exitError{2, err.Error()}
	}
	if s, err = s.With(spec); err != nil {
		return s, &exitError{2, "-variants: " + err.Error()}
	}
	return s, nil
}

// envSelection is this CPU less FLIPBENCH_DISABLE, the built-in rules
// and profile's choices, then FLIPBENCH_VARIANTS: the environment is read
// in cmd/, the libraries take values. An error names the variable.
func envSelection(profile map[string]string) (variants.Selection, error) {
	cpu, err := variants.Host().Without(os.Getenv("FLIPBENCH_DISABLE"))
	if err != nil {
		return variants.Selection{}, fmt.Errorf("FLIPBENCH_DISABLE: %v", err)
	}
	s, err := variants.Default(cpu, profile).With(os.Getenv("FLIPBENCH_VARIANTS"))
	if err != nil {
		return variants.Selection{}, fmt.Errorf("FLIPBENCH_VARIANTS: %v", err)
	}
	return s, nil
}
