package predict

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// Tool is the LLVM programs predict runs: llvm-mca (the throughput
// model) and llvm-mc (the disassembler), of one LLVM version.
type Tool struct {
	MCA, MC string // paths
	Version string // e.g. "19.1.7"
}

// MinLLVM is the oldest LLVM whose llvm-mca knows every default model
// (znver5 and sapphirerapids among them).
const MinLLVM = 19

// InstallHint says how to get the tools on Debian and Ubuntu.
const InstallHint = "llvm-mca is part of LLVM: on Debian or Ubuntu, apt-get install -y llvm-19 (it installs llvm-mca-19 and llvm-mc-19)"

var versionRE = regexp.MustCompile(`LLVM version (\d+)\.(\d+)\.(\d+)`)

// NewTool checks the two programs (their versions must be the same, at
// least MinLLVM) and returns them.
func NewTool(ctx context.Context, mca, mc string) (*Tool, error) {
	t := &Tool{MCA: mca, MC: mc}
	var versions [2]string
	for i, p := range []string{mca, mc} {
		out, _, err := t.run(ctx, p, nil, "--version")
		if err != nil {
			return nil, err
		}
		m := versionRE.FindStringSubmatch(out)
		if m == nil {
			return nil, fmt.Errorf("%s --version does not name an LLVM version: %q", p, firstLine(out))
		}
		if major, _ := strconv.Atoi(m[1]); major < MinLLVM {
			return nil, fmt.Errorf("%s is LLVM %s.%s.%s; predict needs LLVM %d or later (%s)", p, m[1], m[2], m[3], MinLLVM, InstallHint)
		}
		versions[i] = m[1] + "." + m[2] + "." + m[3]
	}
	if versions[0] != versions[1] {
		return nil, fmt.Errorf("%s is LLVM %s but %s is LLVM %s: use the two of one LLVM", mca, versions[0], mc, versions[1])
	}
	t.Version = versions[0]
	return t, nil
}

// run runs one of the programs with stdin, returning its output; a
// failure says what the program said.
func (t *Tool) run(ctx context.Context, prog string, stdin io.Reader, args ...string) (stdout, stderr string, err error) {
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Stdin = stdin
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return o.String(), e.String(), fmt.Errorf("%s %s: %v: %s", prog, strings.Join(args, " "), err, firstLine(e.String()))
		}
		return o.String(), e.String(), fmt.Errorf("%s: %v", prog, err)
	}
	return o.String(), e.String(), nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
