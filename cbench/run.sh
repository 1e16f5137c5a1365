#!/usr/bin/env bash
# cbench/run.sh: check and time a C kernel of your own against flipbench's
# reference, on flipbench's inputs.
#
#   cbench/run.sh [flags] KERNEL SOURCE.c [KERNEL_CFLAGS...]
#
# KERNEL is flip, count_last_flip, moves or score_1; SOURCE.c defines the
# contract's function (cbench/README.md). The script writes the kernel's
# case files (go run ./cmd/flipbench cases: the check set and the bench
# set), compiles SOURCE.c with kernel_glue.h into one unit (CFLAGS plus
# KERNEL_CFLAGS plus a "cbench-cflags: ..." line of SOURCE.c, e.g.
# -mavx2), the harness cbench.c apart (CFLAGS only), links them, checks
# the kernel on both sets and prints Go benchmark lines.
#
# flags:
#   -variant NAME    the variant's name (default c-<SOURCE's file name>)
#   -count N         interleaved runs per benchmark (default 10)
#   -benchtime D     duration of a run (default 100ms)
#   -n N             random cases of the check set (default 1000000)
#   -cases DIR       keep the case files in DIR, reusing those present
#   -o FILE          also save the benchmark output to FILE (atomically)
#   -check           check only, no timing
# environment: CC (default cc), CFLAGS (default -O2), CBENCH_BUILD (the
# build directory, default cbench/build).
#
# Exit status: 0 matched (and timed), 1 a mismatch (the counterexample is
# printed), 2 bad usage or a build error, 3 this CPU lacks a feature the
# kernel was compiled for.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

variant="" count=10 benchtime=100ms n=1000000 casedir="" out="" check=""
while [ $# -gt 0 ]; do
  case "$1" in
    -variant|-count|-benchtime|-n|-cases|-o)
      [ $# -ge 2 ] || { echo "run.sh: $1 needs a value" >&2; exit 2; }
      case "$1" in
        -variant) variant=$2 ;; -count) count=$2 ;; -benchtime) benchtime=$2 ;;
        -n) n=$2 ;; -cases) casedir=$2 ;; -o) out=$2 ;;
      esac
      shift 2 ;;
    -check) check=1; shift ;;
    -h|-help|--help) usage ;;
    --) shift; break ;;
    -*) echo "run.sh: unknown flag $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage
kernel=$1 src=$2
shift 2
case "$kernel" in
  flip) macro=CBENCH_FLIP ;;
  count_last_flip) macro=CBENCH_COUNT_LAST_FLIP ;;
  moves) macro=CBENCH_MOVES ;;
  score_1) macro=CBENCH_SCORE_1 ;;
  *) echo "run.sh: kernel $kernel: want flip, count_last_flip, moves or score_1" >&2; exit 2 ;;
esac
[ -f "$src" ] || { echo "run.sh: $src: no such file" >&2; exit 2; }
src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")

cc=${CC:-cc}
command -v "$cc" >/dev/null || { echo "run.sh: no C compiler ($cc): install one (apt-get install gcc) or set CC" >&2; exit 2; }
read -r -a cflags <<< "${CFLAGS:--O2}"
kflags=()
if line=$(grep -m1 -o 'cbench-cflags:.*' "$src"); then
  read -r -a kflags <<< "${line#cbench-cflags:}"
fi
kflags+=("$@")

build=${CBENCH_BUILD:-$here/build}
mkdir -p "$build"
base=$(basename "$src" .c)
bin="$build/cbench-$kernel-$base"

# the case files
if [ -z "$casedir" ]; then
  casedir="$build/cases"
  rm -f "$casedir/$kernel-check.cases" "$casedir/$kernel-bench.cases"
fi
mkdir -p "$casedir"
for set in check bench; do
  f="$casedir/$kernel-$set.cases"
  if [ ! -f "$f" ]; then
    (cd "$root" && go run ./cmd/flipbench cases -kernel "$kernel" -set "$set" -n "$n" -o "$f") >&2
  fi
done

# the kernel's unit (its flags), the harness (CFLAGS only), linked
cstr() { local s="$*"; s=${s//\\/\\\\}; printf '%s' "${s//\"/\\\"}"; }
unit="$build/$kernel-$base-unit.c"
printf '#include "%s"\n#include "%s/kernel_glue.h"\n' "$src" "$here" > "$unit"
echo "cbench: $cc ${cflags[*]}${kflags[*]:+ ${kflags[*]}} $(basename "$src") (kernel $kernel)" >&2
"$cc" "${cflags[@]}" "${kflags[@]}" -I"$here" -D"$macro" \
  "-DCBENCH_CFLAGS=\"$(cstr "${cflags[@]}" "${kflags[@]}")\"" "-DCBENCH_SOURCE=\"$(cstr "$(basename "$src")")\"" \
  -c "$unit" -o "$build/$kernel-$base-unit.o" || exit 2
"$cc" "${cflags[@]}" -std=c11 -Wall -Wextra -c "$here/cbench.c" -o "$build/cbench.o" || exit 2
"$cc" "${cflags[@]}" "$build/$kernel-$base-unit.o" "$build/cbench.o" -o "$bin" || exit 2

args=()
[ -n "$variant" ] && args+=(-variant "$variant")
cases=("$casedir/$kernel-check.cases" "$casedir/$kernel-bench.cases")
if [ -n "$check" ]; then
  exec "$bin" "${args[@]}" -check "${cases[@]}"
fi
args+=(-count "$count" -benchtime "$benchtime")
if [ -z "$out" ]; then
  exec "$bin" "${args[@]}" "${cases[@]}"
fi
status=0
"$bin" "${args[@]}" "${cases[@]}" | tee "$out.partial" || status=$?
if [ "$status" -ne 0 ] || ! grep -q '^Benchmark' "$out.partial"; then
  rm -f "$out.partial"
  exit $(( status ? status : 1 ))
fi
mv "$out.partial" "$out"
id=$(sed -n 's/^cpu-id: //p' "$out" | head -1)
echo "cbench: saved to $out; to show it beside flipbench's variants: mv $out $root/results/$id/" >&2
