package report

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flipbench/flipbench/results"
)

// sectionTexts loads dir afresh and makes its sections in the order
// order gives (a permutation of their indexes): each section's Markdown
// by name, and the names in the page's order.
func sectionTexts(t *testing.T, o Options, order func(n int) []int) (map[string]string, []string, *Report) {
	t.Helper()
	r, err := Load(o)
	if err != nil {
		t.Fatal(err)
	}
	secs := r.sections()
	texts := map[string]string{}
	for _, i := range order(len(secs)) {
		texts[secs[i].name] = secs[i].text(r)
	}
	var names []string
	for _, s := range secs {
		names = append(names, s.name)
	}
	return texts, names, r
}

// Every section is a function of what Load gathered, which it only
// reads: made in the page's order, in reverse or shuffled (each order on
// a Report of its own, so that one section's writes cannot reach another
// made after it), every section's Markdown is the same; and the page is
// their concatenation in the page's order.
func TestSectionsIndependent(t *testing.T) {
	root := t.TempDir()
	opts := func(dir string) Options {
		return Options{ResultsDir: dir, Output: filepath.Join(root, "BENCHMARKS.md"), ChartsDir: filepath.Join(root, "charts"), NoEmbedded: true,
			Recipe: "\n### The recipe\n"}
	}
	cases := []Options{
		opts(filepath.Join("..", "harness", "stats", "testdata", "results")), // kernels, hash_clear, winners, whole solves
		opts(filepath.Join("testdata", "runs")),                              // solver runs, evaluation error
		opts(filepath.Join("testdata", "edax")),                              // beside Edax
	}
	if !testing.Short() {
		// the committed results: slices, flavours, predictions
		o := opts(filepath.Join("..", "results"))
		o.Predicted = os.DirFS(filepath.Join("..", "results", results.PredictedDir))
		cases = append(cases, o)
	}
	forward := func(n int) []int {
		var is []int
		for i := range n {
			is = append(is, i)
		}
		return is
	}
	orders := map[string]func(int) []int{
		"reverse": func(n int) []int {
			is := forward(n)
			slices.Reverse(is)
			return is
		},
		"shuffled": func(n int) []int {
			is := forward(n)
			rand.New(rand.NewPCG(1, 2)).Shuffle(n, func(i, j int) { is[i], is[j] = is[j], is[i] })
			return is
		},
	}
	nonEmpty := map[string]bool{}
	for _, o := range cases {
		want, names, r := sectionTexts(t, o, forward)
		for name, order := range orders {
			if name == "shuffled" && o.Predicted != nil {
				continue // the committed results take long to load: reversed only
			}
			got, _, _ := sectionTexts(t, o, order)
			for _, s := range names {
				if got[s] != want[s] {
					t.Errorf("%s, sections made in %s order: section %q differs from the page's order's:\n%s\nwant:\n%s", o.ResultsDir, name, s, got[s], want[s])
				}
			}
		}
		var page strings.Builder
		for _, s := range names {
			page.WriteString(want[s])
			if want[s] != "" {
				nonEmpty[strings.Fields(s)[0]] = true
			}
		}
		if got := string(r.page()); got != string(withContents([]byte(page.String()))) {
			t.Errorf("%s: the page is not its sections' concatenation", o.ResultsDir)
		}
	}
	// every section was made with something to show
	for _, s := range []string{"header", "winners", "kernel", "solve", "edax", "solver", "evaluation", "footer"} {
		if !nonEmpty[s] {
			t.Errorf("no case has a section %q to compare", s)
		}
	}
}

// The page ends with Options.Recipe, as the command gives it.
func TestPageEndsWithRecipe(t *testing.T) {
	root := t.TempDir()
	r, err := Load(Options{ResultsDir: t.TempDir(), Output: filepath.Join(root, "B.md"), ChartsDir: filepath.Join(root, "charts"), NoEmbedded: true, Recipe: "\n### The recipe\n"})
	if err != nil {
		t.Fatal(err)
	}
	if md := string(r.page()); !strings.HasSuffix(md, "```\n\n### The recipe\n") {
		t.Errorf("the page does not end with the recipe:\n%s", md[max(0, len(md)-300):])
	}
}
