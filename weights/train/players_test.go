package train

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/flipbench/flipbench/kernels"
)

// Positions of other players: in the range asked, legal (the side to move
// has a move), the same for the same seed, other for another player.
func TestOtherGames(t *testing.T) {
	a, err := OtherGames(3, 12, 20, 24, "greedy", 8)
	if err != nil || len(a) != 12 {
		t.Fatalf("%d positions: %v", len(a), err)
	}
	b, _ := OtherGames(3, 12, 20, 24, "greedy", 8)
	c, _ := OtherGames(3, 12, 20, 24, "squares", 8)
	same := 0
	for i := range a {
		if e := a[i].NumEmpties(); e < 20 || e > 24 || kernels.Moves(a[i].P, a[i].O) == 0 || a[i].P&a[i].O != 0 {
			t.Errorf("position %d: %s", i, kernels.BoardString(a[i]))
		}
		if a[i] != b[i] {
			t.Errorf("position %d differs with the same seed", i)
		}
		if a[i] == c[i] {
			same++
		}
	}
	if same > 2 {
		t.Errorf("greedy and squares share %d of 12 positions", same)
	}
	if _, err := OtherGames(1, 1, 20, 24, "nobody", 8); err == nil {
		t.Error("an unknown player accepted")
	}
}

// greedy takes a move that flips the most discs; squares one that leaves
// the best table sum (the mover's squares less the opponent's).
func TestPlayersRules(t *testing.T) {
	o := newOps()
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 200; i++ {
		ps, _ := OtherGames(uint64(i), 1, 30, 50, "random", 0)
		b := ps[0]
		m := o.moves(b.P, b.O)
		x := bestBy(o, b, m, "greedy", rng)
		most := 0
		for mm := m; mm != 0; mm &= mm - 1 {
			most = max(most, bits.OnesCount64(o.flip(b.P, b.O, bits.TrailingZeros64(mm))))
		}
		if got := bits.OnesCount64(o.flip(b.P, b.O, x)); got != most {
			t.Fatalf("%s: greedy flips %d, the most is %d", kernels.BoardString(b), got, most)
		}
		sum := func(x int) int {
			c := b.Play(x, o.flip(b.P, b.O, x))
			s := 0
			for sq := 0; sq < 64; sq++ {
				switch {
				case c.O&kernels.Bit(sq) != 0:
					s += squareValue[sq]
				case c.P&kernels.Bit(sq) != 0:
					s -= squareValue[sq]
				}
			}
			return s
		}
		best := -1 << 30
		for mm := m; mm != 0; mm &= mm - 1 {
			best = max(best, sum(bits.TrailingZeros64(mm)))
		}
		if x := bestBy(o, b, m, "squares", rng); sum(x) != best {
			t.Errorf("%s: squares plays %s (%d), the best is %d", kernels.BoardString(b), kernels.SquareName(x), sum(x), best)
		}
	}
}
