package arm64asm

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every instruction the encoder makes, with registers drawn at random,
// encodes as LLVM's assembler encodes its text.
func TestEncodingsAgreeWithLLVM(t *testing.T) {
	mc, err := exec.LookPath("llvm-mc-19")
	if err != nil {
		if os.Getenv("FLIPBENCH_LLVM_REQUIRED") != "" {
			t.Fatal("llvm-mc-19 not found: apt-get install -y llvm-19")
		}
		t.Skip("llvm-mc-19 not found (apt-get install -y llvm-19)")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var insts []Inst
	insts = append(insts, AllInsts(0, 0, 0, 0, 0)...)
	insts = append(insts, AllInsts(30, 30, 30, 15, 7)...)
	for i := 0; i < 40; i++ {
		// x31 is xzr or sp by context; the encoder's users never name it
		insts = append(insts, AllInsts(rng.IntN(31), rng.IntN(31), rng.IntN(31), rng.IntN(16), rng.IntN(8))...)
	}
	var src strings.Builder
	for _, in := range insts {
		src.WriteString(in.Text() + "\n")
	}
	cmd := exec.Command(mc, "-triple=aarch64", "-mattr=+sve", "-show-encoding")
	cmd.Stdin = strings.NewReader(src.String())
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("llvm-mc: %v\n%s", err, stderr.String())
	}
	re := regexp.MustCompile(`encoding: \[0x([0-9a-f]{2}),0x([0-9a-f]{2}),0x([0-9a-f]{2}),0x([0-9a-f]{2})\]`)
	m := re.FindAllStringSubmatch(out.String(), -1)
	if len(m) != len(insts) {
		t.Fatalf("llvm-mc encoded %d instructions, want %d:\n%s", len(m), len(insts), out.String())
	}
	for i, in := range insts {
		var b [4]byte
		for j := range b {
			v, _ := strconv.ParseUint(m[i][j+1], 16, 8)
			b[j] = byte(v)
		}
		if want := binary.LittleEndian.Uint32(b[:]); in.Word() != want {
			t.Errorf("%s: encoded %#08x, llvm-mc %#08x", in.Text(), in.Word(), want)
		}
	}
}

func TestFieldRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a predicate register p8 for a 3-bit field was accepted")
		}
	}()
	CNT(0, 8, 0)
}
