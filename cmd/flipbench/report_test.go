package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/weights/train"
)

// The report's page ends with how the embedded weights were made, which
// this command writes from train's defaults (the report package does not
// import the trainer): the command that makes them again with the note on
// its run, and the defaults it uses.
func TestReportWeightsRecipe(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "BENCHMARKS.md")
	if code, out, errOut := runCLI2(t, "report", "-results", filepath.Join("..", "..", "harness", "stats", "testdata", "results"), "-embedded=false",
		"-o", md, "-charts", filepath.Join(dir, "charts")); code != 0 {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	recipe := weightsRecipe()
	if !strings.HasSuffix(string(data), "```\n"+recipe) {
		t.Errorf("the page does not end with the weights' recipe:\n%s", data[max(0, len(data)-2000):])
	}
	d := train.DefaultConfig()
	for _, want := range []string{
		"\n### The embedded weights\n\n",
		"```sh\ngo run ./cmd/flipbench train -dir ck -o default.fbw\n```\n",
		fmt.Sprintf("It plays %d games", d.Games),
		fmt.Sprintf("exact scores to %d empties, depth-%d searches", d.ExactMax, d.Depth),
		fmt.Sprintf("within %d empties of its group too", d.Pool),
	} {
		if !strings.Contains(recipe, want) {
			t.Errorf("the recipe lacks %q:\n%s", want, recipe)
		}
	}
}
