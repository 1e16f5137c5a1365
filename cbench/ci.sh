#!/usr/bin/env bash
# cbench/ci.sh: CI of the C harness (called by .ci/run). Builds the harness
# with the system compiler (installing gcc if there is none), checks every
# example kernel on case files written by flipbench cases (check and bench
# sets), checks that the deliberately wrong example fails with a
# counterexample and that the AVX2 example is refused on a CPU without
# AVX2, then runs a short timing smoke and reads its output with
# flipbench compare and benchstat.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf -- '--- %s\n' "$*"; }
fail() { printf 'cbench/ci.sh: FAIL: %s\n' "$*" >&2; exit 1; }

if [ -z "${CC:-}" ]; then
  if command -v cc >/dev/null; then CC=cc
  elif command -v gcc >/dev/null; then CC=gcc
  else
    say "installing gcc"
    if [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && apt-get install -y -qq gcc libc6-dev) >/dev/null
    else
      sudo apt-get update -qq && sudo apt-get install -y -qq gcc libc6-dev >/dev/null
    fi
    CC=gcc
  fi
fi
export CC
say "compiler: $("$CC" --version | head -1)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CBENCH_BUILD="$tmp/build"
cases="$tmp/cases"
mkdir -p "$cases"

say "case files (flipbench cases, check and bench sets)"
go build -o "$tmp/flipbench" ./cmd/flipbench
for k in flip count_last_flip moves score_1; do
  for set in check bench; do
    "$tmp/flipbench" cases -kernel "$k" -set "$set" -n 200000 -o "$cases/$k-$set.cases"
  done
done

examples=("flip flip_plain.c" "flip flip_avx2.c" "count_last_flip count_last_flip_plain.c"
  "moves moves_plain.c" "score_1 score_1_plain.c")
runnable=()
for ex in "${examples[@]}"; do
  read -r kernel file <<< "$ex"
  say "check $file ($kernel)"
  status=0
  cbench/run.sh -cases "$cases" -check "$kernel" "cbench/examples/$file" || status=$?
  case "$status,$file" in
    0,*) runnable+=("$ex") ;;
    3,flip_avx2.c) echo "skipped: this CPU has no AVX2" ;;
    *) fail "$file: exit $status" ;;
  esac
done

say "the wrong example fails with a counterexample"
status=0
cbench/run.sh -cases "$cases" -check flip cbench/examples/flip_wrong.c > "$tmp/wrong.log" 2>&1 || status=$?
cat "$tmp/wrong.log"
[ "$status" = 1 ] || fail "flip_wrong.c: exit $status, want 1"
grep -q '^MISMATCH kernel=flip variant=c-flip-wrong' "$tmp/wrong.log" || fail "flip_wrong.c: no MISMATCH line"
grep -Eq '^  input: [XO-]{64} X x=[a-h][1-8]$' "$tmp/wrong.log" || fail "flip_wrong.c: no board and square"
grep -q '^  want: .*(reference)$' "$tmp/wrong.log" || fail "flip_wrong.c: no reference output"

say "the AVX2 example is refused on a CPU without AVX2"
avx2bin="$CBENCH_BUILD/cbench-flip-flip_avx2"
status=0
FLIPBENCH_DISABLE=avx2 "$avx2bin" -check "$cases/flip-bench.cases" 2> "$tmp/refused.log" || status=$?
cat "$tmp/refused.log"
[ "$status" = 3 ] && grep -q 'lacks: avx2; not run' "$tmp/refused.log" || fail "FLIPBENCH_DISABLE=avx2: exit $status, want 3"
if command -v qemu-x86_64 >/dev/null; then
  # a real CPUID without AVX2: the harness must stop before any AVX2 instruction
  status=0
  qemu-x86_64 -cpu Nehalem "$avx2bin" -check "$cases/flip-bench.cases" 2> "$tmp/nehalem.log" || status=$?
  grep -v "TCG doesn't support" "$tmp/nehalem.log" || true
  [ "$status" = 3 ] || fail "under qemu-x86_64 -cpu Nehalem: exit $status, want 3 (no SIGILL)"
fi

say "timing smoke (-count 1, short runs)"
out="$tmp/smoke.txt"
for ex in "${runnable[@]}"; do
  read -r kernel file <<< "$ex"
  "$CBENCH_BUILD/cbench-$kernel-${file%.c}" -count 1 -benchtime 10ms -warmup 5ms \
    "$cases/$kernel-bench.cases" >> "$out" || fail "timing $file"
done
grep '^Benchmark' "$out"
want=$(( 3 * ${#runnable[@]} ))
[ "$(grep -c '^Benchmark' "$out")" = "$want" ] || fail "want $want benchmark lines"
grep -q '^impl: c$' "$out" || fail "no impl: c line"

say "flipbench compare and benchstat read it"
"$tmp/flipbench" compare -row /variant -col /form "$out" > "$tmp/compare.txt" || { cat "$tmp/compare.txt"; fail "flipbench compare"; }
grep -q 'c-flip-plain' "$tmp/compare.txt" || { cat "$tmp/compare.txt"; fail "flipbench compare: no c-flip-plain"; }
go run golang.org/x/perf/cmd/benchstat -row /variant -col /form "$out" > "$tmp/benchstat.txt" 2>&1 ||
  { cat "$tmp/benchstat.txt"; fail "benchstat"; }
grep -q 'c-flip-plain' "$tmp/benchstat.txt" || { cat "$tmp/benchstat.txt"; fail "benchstat: no c-flip-plain"; }
cat "$tmp/benchstat.txt"
say "cbench: ok"
