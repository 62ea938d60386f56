#!/usr/bin/env bash
# Two or more builds of `grundy seq` side by side on one game: `grundy seq GAME 2^K - 1
# --summary DIR --threads THREADS` with each build in turn, ROUNDS times; each run's wall time,
# CPU time and peak resident memory from /usr/bin/time, then each build's medians, their ratios
# to the first build's, the wall-time ratio of each round (a build against the first build's
# run of the same round), and a check that every build wrote the same summaries. The builds
# run in the order given in every round. Machines are noisy: compare the ratios of one run,
# never figures from two.
#
#   bench/seq-ab.sh K ROUNDS THREADS GAME GRUNDY...
#
#   bench/seq-ab.sh 24 5 1 0.167 ./old/grundy target/release/grundy
set -euo pipefail
export LC_ALL=C
[ $# -ge 5 ] && [ "$2" -ge 1 ] 2>/dev/null || { sed -n '2,/^set/p' "$0" | sed '$d' >&2; exit 2; }
k=$1 rounds=$2 threads=$3 game=$4
shift 4
n=$(( (1 << k) - 1 ))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for round in $(seq "$rounds"); do
    b=0
    for grundy in "$@"; do
        rm -rf "$dir/summary.$b"
        /usr/bin/time -f "%e %U %S %M" -o "$dir/time" \
            "$grundy" seq "$game" "$n" --threads "$threads" --summary "$dir/summary.$b" \
            > /dev/null 2> "$dir/err" || { cat "$dir/err" >&2; exit 1; }
        echo "$round $b $(cat "$dir/time")" >> "$dir/runs"
        diff -rq "$dir/summary.0" "$dir/summary.$b" > /dev/null \
            || { echo "bench/seq-ab.sh: $grundy wrote other summaries" >&2; exit 1; }
        b=$((b + 1))
    done
done
echo "$game, heaps 0 to 2^$k - 1, $threads thread(s), $rounds round(s), $(date -u '+%Y-%m-%d %H:%M') UTC"
python3 - "$dir/runs" "$@" <<'PY'
import statistics, sys
runs = [line.split() for line in open(sys.argv[1])]
builds = sys.argv[2:]
def ratio(x, y):  # a run too short to time (0.00 s) has no ratio
    return f"{x / y:.2f}" if y > 0 else "-"
wall = {(int(r[0]), int(r[1])): float(r[2]) for r in runs}
rows = []
for b, name in enumerate(builds):
    mine = [r for r in runs if int(r[1]) == b]
    rows.append((
        name,
        statistics.median(float(r[2]) for r in mine),
        statistics.median(float(r[3]) + float(r[4]) for r in mine),
        statistics.median(int(r[5]) for r in mine) / 1024,
    ))
base = rows[0]
for b, (name, w, cpu, peak) in enumerate(rows):
    pairs = " ".join(ratio(wall[(r, b)], wall[(r, 0)]) for r in sorted({r for r, _ in wall}))
    print(f"{name:<40} median wall {w:7.2f} s ({ratio(w, base[1])})  cpu {cpu:7.2f} s "
          f"({ratio(cpu, base[2])})  peak {peak:7.1f} MiB ({ratio(peak, base[3])})  rounds: {pairs}")
print("the summaries are the same")
PY
