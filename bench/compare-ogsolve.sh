#!/usr/bin/env bash
# Side-by-side comparison of `grundy seq` with ogsolve (crates.io, the best published nim-sequence
# program), on the same games and sizes, in one run on the same machine.
#
#   bench/compare-ogsolve.sh [SIZES...]        default sizes: 1000000
#   THREADS="1 2" GAMES="0.6 0.16 0.007 0.04" bench/compare-ogsolve.sh 1000000 10000000
#
# For every game and size it checks that both programs print the same values (ogsolve -p, and
# our `seq`), then prints both times and the ratio ogsolve / grundy for each thread count.
# Runs shorter than a second are timed five times and the best time kept, for both programs.
# ogsolve is installed into a temporary directory if it is not on PATH (it needs only cargo).
# Grundy's game, which ogsolve lacks, is compared with grundy's own straightforward engine
# (`--engine straightforward`) at a size that engine can reach.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000)
games=${GAMES:-"0.6 0.16 0.007 0.04"}
threads=${THREADS:-"1 2"}

ogsolve_bin=$(command -v ogsolve || true)
if [ -z "$ogsolve_bin" ]; then
  root=${OGSOLVE_ROOT:-${TMPDIR:-/tmp}/grundy-bench-ogsolve}
  if [ ! -x "$root/bin/ogsolve" ]; then
    echo "installing ogsolve into $root (once)" >&2
    cargo install --quiet ogsolve --root "$root" >&2
  fi
  ogsolve_bin="$root/bin/ogsolve"
fi
cargo build --quiet --release -p grundy-cli
grundy_bin=target/release/grundy

once() { # run a command, print its wall time in seconds, discard its output
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

seconds() { # wall time of a command; runs under a second are timed five times, best kept
  local best t
  best=$(once "$@")
  if [ "$(echo "$best < 1" | bc -l)" = 1 ]; then
    for _ in 1 2 3 4; do
      t=$(once "$@")
      if [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
  fi
  echo "$best"
}

printf '%-8s %10s %8s %10s %10s %8s\n' game n threads ogsolve_s grundy_s ratio
for game in $games; do
  for n in "${sizes[@]}"; do
    # 0.16 is proven periodic at heap 509622, after which grundy stops computing: compare below.
    if [ "$game" = "0.16" ] && [ "$n" -gt 500000 ]; then n=500000; fi
    # Same values? ogsolve prints "nimbers: v0 v1 ..."; grundy prints "v0 v1 ...".
    ours=$($grundy_bin seq "$game" "$n" --threads 1 | md5sum | cut -d' ' -f1)
    theirs=$("$ogsolve_bin" -m rc -n "$n" -p "$game" | sed -n 's/^ *nimbers: //p' | md5sum | cut -d' ' -f1)
    if [ "$ours" != "$theirs" ]; then
      echo "MISMATCH: $game up to $n: grundy and ogsolve print different values" >&2
      exit 1
    fi
    t_theirs=$(seconds "$ogsolve_bin" -m rc -n "$n" "$game")
    for t in $threads; do
      # A 0.08 s run is too short to share between threads: 0.16 is compared on one.
      if [ "$game" = "0.16" ] && [ "$t" != 1 ]; then continue; fi
      t_ours=$(seconds "$grundy_bin" seq "$game" "$n" --threads "$t")
      printf '%-8s %10s %8s %10.2f %10.2f %7.2fx\n' "$game" "$n" "$t" "$t_theirs" "$t_ours" \
        "$(echo "$t_theirs / $t_ours" | bc -l)"
    done
  done
done

# Grundy's game: the fast engine against the straightforward one (values and time).
n=${GRUNDY_N:-100000}
fast=$($grundy_bin seq grundy "$n" --threads 1 | md5sum | cut -d' ' -f1)
slow=$($grundy_bin seq grundy "$n" --engine straightforward | md5sum | cut -d' ' -f1)
[ "$fast" = "$slow" ] || { echo "MISMATCH: Grundy's game up to $n" >&2; exit 1; }
t_slow=$(seconds "$grundy_bin" seq grundy "$n" --engine straightforward)
for t in $threads; do
  t_fast=$(seconds "$grundy_bin" seq grundy "$n" --threads "$t")
  printf '%-8s %10s %8s %10.2f %10.2f %7.2fx  (straightforward engine / fast engine)\n' grundy "$n" "$t" "$t_slow" "$t_fast" \
    "$(echo "$t_slow / $t_fast" | bc -l)"
done
