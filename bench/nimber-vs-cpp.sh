#!/usr/bin/env bash
# Side-by-side: `grundy nimber mul --batch` against a contestant's C++ nim multiplication
# (bench/nimber/contestant.cpp: a table of byte products and the Fermat 2-power recursion),
# on the same 10^6 random pairs of 64-bit numbers (Library Checker's "Nim Product" size).
#
#   bench/nimber-vs-cpp.sh [PAIRS]      default 1000000
#
# Checks that both print the same products, then prints the best of five wall times of each and
# the ratio C++ / grundy (above 1: grundy is faster). Needs g++ (-O2, as judges compile).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-1000000}
work=${TMPDIR:-/tmp}/grundy-bench-nimber
mkdir -p "$work"
cargo build --quiet --release -p grundy-cli
g++ -O2 -o "$work/contestant" bench/nimber/contestant.cpp
python3 - "$pairs" > "$work/pairs.txt" <<'PY'
import random, sys
r = random.Random(20261203)
n = int(sys.argv[1])
sys.stdout.write("".join(f"{r.getrandbits(64)} {r.getrandbits(64)}\n" for _ in range(n)))
PY
target/release/grundy nimber mul --batch < "$work/pairs.txt" > "$work/grundy.txt"
"$work/contestant" < "$work/pairs.txt" > "$work/cpp.txt"
cmp "$work/grundy.txt" "$work/cpp.txt"
echo "answers equal on $pairs pairs"
best() { # the best of five wall times of a command reading the pairs
  local best="" t
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N)
    "$@" < "$work/pairs.txt" > /dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
g=$(best target/release/grundy nimber mul --batch)
c=$(best "$work/contestant")
printf 'grundy nimber mul --batch  %.3f s\n' "$g"
printf 'contestant C++ (g++ -O2)   %.3f s\n' "$c"
printf 'ratio C++ / grundy          %.2f\n' "$(echo "$c / $g" | bc -l)"
