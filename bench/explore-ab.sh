#!/usr/bin/env bash
# Two or more builds of `grundy explore` side by side on the walk game of bench/walk.rhai (a
# token on a SIDE × SIDE grid, three moves a position): each build in turn, ROUNDS times, with
# THREADS workers in one process; each run's wall time, CPU time and peak resident memory from
# /usr/bin/time, then each build's medians and their ratios to the first build's, and a check
# that every build printed the same answer. Machines are noisy: compare the ratios of one run,
# never figures from two.
#
#   bench/explore-ab.sh SIDE ROUNDS THREADS GRUNDY...
#
#   bench/explore-ab.sh 1000 5 2 ./old/grundy target/release/grundy
set -euo pipefail
export LC_ALL=C
[ $# -ge 4 ] || { sed -n '2,/^set/p' "$0" | sed '$d' >&2; exit 2; }
side=$1 rounds=$2 threads=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
walk="$(cd "$(dirname "$0")" && pwd)/walk.rhai"
for round in $(seq "$rounds"); do
    b=0
    for grundy in "$@"; do
        /usr/bin/time -f "%e %U %S %M" -o "$dir/time" \
            "$grundy" explore "script:$walk" "$side,$side" --threads "$threads" \
            > "$dir/out.$b" 2> /dev/null
        echo "$b $(cat "$dir/time")" >> "$dir/runs"
        cmp -s "$dir/out.0" "$dir/out.$b" || { echo "bench/explore-ab.sh: $grundy answered differently" >&2; exit 1; }
        b=$((b + 1))
    done
done
python3 - "$dir/runs" "$@" <<'PY'
import statistics, sys
runs = [line.split() for line in open(sys.argv[1])]
builds = sys.argv[2:]
rows = []
for b, name in enumerate(builds):
    mine = [r for r in runs if int(r[0]) == b]
    wall = statistics.median(float(r[1]) for r in mine)
    cpu = statistics.median(float(r[2]) + float(r[3]) for r in mine)
    peak = statistics.median(int(r[4]) for r in mine) / 1024
    rows.append((name, wall, cpu, peak))
base = rows[0]
def ratio(x, y):  # a run too short to time (0.00 s) has no ratio
    return f"{x / y:.2f}" if y > 0 else "-"
for name, wall, cpu, peak in rows:
    print(f"{name:<40} median wall {wall:7.2f} s ({ratio(wall, base[1])})  cpu {cpu:7.2f} s "
          f"({ratio(cpu, base[2])})  peak {peak:7.1f} MiB ({ratio(peak, base[3])})")
print("the answers are the same")
PY
