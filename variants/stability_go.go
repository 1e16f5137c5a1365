package variants

// Edax's get_stability: stable edges from the table, central discs on four
// full lines, then discs whose every line is full or ends on a stable disc,
// iterated to a fixed point.

// fullFill holds, per line direction, the shift and the wrap masks of the
// doubling fill of empty squares along that direction.
type fullFill struct {
	s           uint      // 1 horizontal, 8 vertical, 7 and 9 diagonals
	left, right [3]uint64 // valid destinations of a 1, 2, 4-step jump
}

// fullFills are built by code: a jump of k steps up (<<s*k) or down
// (>>s*k) is valid where the source square is on the board and on the same
// line, i.e. the file moves by at most k without wrapping.
var fullFills = func() (f [4]fullFill) {
	for d, dir := range [4]struct {
		s  uint
		df int // file change of one step up (<< s)
	}{{1, 1}, {8, 0}, {7, -1}, {9, 1}} {
		f[d].s = dir.s
		for j, k := range [3]int{1, 2, 4} {
			for y := 0; y < 64; y++ {
				fy := y % 8
				// up: the source is y - s*k, file fy - df*k
				if src := fy - dir.df*k; src >= 0 && src < 8 && y-int(dir.s)*k >= 0 {
					f[d].left[j] |= 1 << y
				}
				// down: the source is y + s*k, file fy + df*k
				if src := fy + dir.df*k; src >= 0 && src < 8 && y+int(dir.s)*k < 64 {
					f[d].right[j] |= 1 << y
				}
			}
		}
	}
	return
}()

// fullLines returns the squares whose line in direction f is full: the
// empty squares are spread both ways along the line (1, 2, 4 steps:
// Kogge-Stone), and whatever they do not reach is on a full line.
func fullLines(disc uint64, f *fullFill) uint64 {
	e := ^disc
	l := e | f.left[0]&(e<<f.s)
	r := e | f.right[0]&(e>>f.s)
	l |= f.left[1] & (l << (2 * f.s))
	r |= f.right[1] & (r >> (2 * f.s))
	l |= f.left[2] & (l << (4 * f.s))
	r |= f.right[2] & (r >> (4 * f.s))
	return ^(l | r)
}

// stabilityGo is get_stability with the A2-A7 stable edges.
func stabilityGo(P, O uint64) uint64 {
	disc := P | O
	central := P & 0x007e7e7e7e7e7e00
	fh := fullLines(disc, &fullFills[0])
	fv := fullLines(disc, &fullFills[1])
	f7 := fullLines(disc, &fullFills[2])
	f9 := fullLines(disc, &fullFills[3])
	stable := stableEdgeA2A7(P, O) | fh&fv&f7&f9&central
	for {
		old := stable
		h := stable>>1 | stable<<1 | fh
		v := stable>>8 | stable<<8 | fv
		d7 := stable>>7 | stable<<7 | f7
		d9 := stable>>9 | stable<<9 | f9
		stable |= h & v & d7 & d9 & central
		if stable == old {
			return stable
		}
	}
}

func init() {
	Stability.Register(Info{Name: "go", Rank: 10,
		Note: "Go: Edax get_stability, Kogge-Stone full lines, A2-A7 stable edges, neighbours to a fixed point"}, stabilityGo)
}
