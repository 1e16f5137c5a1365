package train

import (
	"testing"

	"github.com/flipbench/flipbench/harness"
)

func BenchmarkExact18(b *testing.B) {
	pos := harness.RandomEndgames(7, 8, 18)
	s := NewExact(20)
	s.Nodes = 0
	for i := 0; i < b.N; i++ {
		s.Solve(pos[i%len(pos)])
	}
	b.ReportMetric(float64(s.Nodes)/float64(b.N), "nodes/op")
}
