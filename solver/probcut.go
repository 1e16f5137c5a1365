package solver

// The selective pre-pass, Edax's iterative deepening on selectivity: with
// weights, the root is first searched with ProbCut (a null-window node
// far from the end whose shallow evaluation search lies well outside the
// window is cut at once), from the most selective level to the least,
// then exactly. The exact search starts its window at the last selective
// score and finds the selective searches' best moves in the table.
//
// A selective search's bounds carry its level (HashEntry.Sel) and bound
// only searches of its own level or a more selective one; its moves order
// every search. A node below which it took no selective decision (no
// ProbCut cut, no cutoff on a selective bound: search.inexact did not
// move) searched exactly, and stores its bounds as exact, which the exact
// search then takes. With -eval none there is nothing to cut on: no
// pre-pass.
//
// The levels and the depth where ProbCut starts are tuned on the "tune"
// set only (sets.go), never on a set the speed is measured on: three
// levels from 10 empties searched it in the fewest nodes of the levels
// and depths tried. From 10 empties, the selective searches leave the
// assembly bottom's local-table search (exact) one level more.

// probcutT[sel] is the cut's margin at level sel, in 1/16 standard
// deviations of the shallow search's error (level 0: exact, no cut): the
// pre-pass searches at 0.75 sigma, then at 1.25, then at 2.
var probcutT = [...]int{0, 32, 20, 12}

// pcDepth is the depth (plies) of the shallow search that predicts the
// score at n empties: odd, as odd-depth searches on the embedded weights
// show no side-to-move bias (even depths are optimistic by 1-4 discs).
func pcDepth(n int) int {
	switch {
	case n >= 24:
		return 5
	case n >= 18:
		return 3
	}
	return 1
}

// pcSigma is the standard deviation (1/scale discs) of the depth-d
// search's error at n empties: the RMS error against exact scores of
// held-out positions (flipbench train -eval-mae -mae-depth d, 200
// positions at each of 10, 12, ..., 20 empties), fitted linearly in n.
func pcSigma(n, d int) int {
	var s float64
	switch d {
	case 1:
		s = 5.0 + 0.24*float64(n)
	case 3:
		s = 4.3 + 0.18*float64(n)
	default:
		s = 3.7 + 0.14*float64(n)
	}
	return int(s * scale)
}

// probcut tries the cut at a null window (alpha, alpha+1) at n empties:
// fail high if the shallow search is at least margin above alpha+1, fail
// low if it is at least margin below alpha.
func (s *search) probcut(P, O uint64, alpha, n, side int) (int, bool) {
	d := pcDepth(n)
	margin := pcSigma(n, d) * probcutT[s.sel] / 16
	a := alpha*scale - margin
	if b := (alpha+1)*scale + margin; b <= 64*scale {
		v := s.evalSearch(P, O, n, side, b-1, b, d, false)
		if v >= b {
			s.inexact++
			return alpha + 1, true
		}
		// failing low there, v bounds the search's value from above: at
		// or below a it cuts low without the second search; at depth 1
		// on a node with moves every child was evaluated, v is exact and
		// above a, nothing to cut
		if v <= a && a >= -64*scale {
			s.inexact++
			return alpha, true
		}
		if d == 1 && s.moves(P, O) != 0 {
			return 0, false
		}
	}
	if a >= -64*scale {
		if s.evalSearch(P, O, n, side, a, a+1, d, false) <= a {
			s.inexact++
			return alpha, true
		}
	}
	return 0, false
}

// selective counts a cutoff taken on a bound of selectivity sel: the
// result of the search that took it is as selective (a bound stored at
// its level), unless sel is 0.
func (s *search) selective(sel uint8) {
	if sel != 0 {
		s.inexact++
	}
}
