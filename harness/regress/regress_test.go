package regress

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func writeBench(t *testing.T, dir, name string, lines ...string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCompareSamplesFlagsSlowdown(t *testing.T) {
	dir := t.TempDir()
	var oldL, newL []string
	for i := 0; i < 8; i++ {
		d := float64(i%3) * 0.01
		oldL = append(oldL,
			"BenchmarkKernel/kernel=flip/variant=a 1000 "+ftoa(2.00+d)+" ns/op",
			"BenchmarkKernel/kernel=moves/variant=b 1000 "+ftoa(3.00+d)+" ns/op")
		newL = append(newL,
			"BenchmarkKernel/kernel=flip/variant=a 1000 "+ftoa(2.40+d)+" ns/op", // 20% slower
			"BenchmarkKernel/kernel=moves/variant=b 1000 "+ftoa(3.00+d)+" ns/op")
	}
	newL = append(newL, "this line is garbage", "BenchmarkBroken 10 xx ns/op")
	o, bad, err := ReadSamples(writeBench(t, dir, "old.txt", oldL...))
	if err != nil || len(bad) != 0 {
		t.Fatal(err, bad)
	}
	n, bad, err := ReadSamples(writeBench(t, dir, "new.txt", newL...))
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) == 0 || !strings.Contains(bad[0].Error(), "new.txt:") {
		t.Errorf("garbage line not reported with file:line: %v", bad)
	}
	cs := CompareSamples(o, n)
	if len(cs) != 2 {
		t.Fatalf("%d changes", len(cs))
	}
	if !cs[0].Slower(0.05) || cs[1].Slower(0.05) || cs[1].Significant() {
		t.Errorf("flip slower %v, moves slower %v significant %v", cs[0].Slower(0.05), cs[1].Slower(0.05), cs[1].Significant())
	}
	var buf bytes.Buffer
	WriteChanges(&buf, cs, 0.05)
	if !strings.Contains(buf.String(), "SLOWER") || !strings.Contains(buf.String(), "+19.90%") {
		t.Errorf("table:\n%s", buf.String())
	}
}

func ftoa(v float64) string { return fmtFloat(v) }

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
