package main

import (
	"fmt"
	"slices"

	"github.com/flipbench/flipbench/kernels"
	"github.com/flipbench/flipbench/solver"
)

// solve -passes: where a solve's time goes by root search, as Edax's
// verbose levels show it, so that a change to the pre-pass or to the
// windows can be read position by position.

type passJSON struct {
	Level int     `json:"level"`
	Sigma float64 `json:"sigma"`
	Alpha int     `json:"alpha"`
	Beta  int     `json:"beta"`
	Score int     `json:"score"`
	Best  string  `json:"best"`
	Nodes uint64  `json:"nodes"`
	NS    int64   `json:"ns"`
}

func levelName(p solver.Pass) string {
	if p.Level == 0 {
		return "exact"
	}
	return fmt.Sprintf("%.2f sd", p.Sigma)
}

// printPasses prints a position's root searches under its row.
func printPasses(ps []solver.Pass) {
	for i, p := range ps {
		again := ""
		if researched(ps, i) {
			again = "  failed: searched again"
		}
		fmt.Fprintf(stdout, "%12s %9s %+5d %4s %13d %12s%s\n", levelName(p), fmt.Sprintf("(%d,%d)", p.Alpha, p.Beta),
			p.Score, kernels.SquareName(p.Best), p.Nodes, fmtDur(p.Time), again)
	}
}

// researched tells whether root search i was followed by another of
// the same level: its window failed.
func researched(ps []solver.Pass, i int) bool {
	return i+1 < len(ps) && ps[i+1].Level == ps[i].Level
}

// printPassShares prints, over rows, each level's share of the root
// searches' time and nodes, and the share of the searches whose window
// failed.
func printPassShares(rows []solved) {
	type share struct {
		n           int
		nodes       uint64
		secs, again float64
		nAgain      int
	}
	var levels []solver.Pass // the first search of each level
	by := map[int]*share{}
	var total float64
	for _, row := range rows {
		for i, p := range row.r.Passes {
			sh := by[p.Level]
			if sh == nil {
				sh = &share{}
				by[p.Level] = sh
				levels = append(levels, p)
			}
			sh.n++
			sh.nodes += p.Nodes
			sh.secs += p.Time.Seconds()
			total += p.Time.Seconds()
			if researched(row.r.Passes, i) {
				sh.nAgain++
				sh.again += p.Time.Seconds()
			}
		}
	}
	if total == 0 {
		return
	}
	fmt.Fprintf(stdout, "\n%12s %9s %13s %8s %10s %16s\n", "level", "searches", "nodes", "time", "of time", "failed windows")
	slices.SortFunc(levels, func(a, b solver.Pass) int { return b.Level - a.Level })
	for _, l := range levels {
		sh := by[l.Level]
		fmt.Fprintf(stdout, "%12s %9d %13d %7.2fs %9.1f%% %6d, %5.1f%%\n", levelName(l), sh.n, sh.nodes, sh.secs,
			100*sh.secs/total, sh.nAgain, 100*sh.again/total)
	}
}
