#!/usr/bin/env bash
# Far-out speed of two or more builds side by side, from one saved state: each build in turn
# resumes a copy of the same state (a run stopped by --until or Ctrl-C; see docs/records.md)
# for a leg of SECS seconds, ROUNDS times; values a second of each leg from its progress lines
# (the first 8 seconds, reading the state and warming up, left out), then each build's median
# and its ratio to the first build's. Machines are noisy: compare the ratios of one run, never
# figures from two.
#
#   bench/resume.sh STATE GAME N SECS ROUNDS THREADS GRUNDY...
#
# STATE is the --summary directory of a stopped run of `grundy seq GAME N` (it holds `state`);
# it is copied for every leg and never changed. To make one far out, for instance past 10^8 on
# Grundy's game (some five minutes on two threads):
#
#   grundy seq grundy 68719476735 --summary /tmp/state --until 300 --threads 2
#   bench/resume.sh /tmp/state grundy 68719476735 40 3 1 ./old/grundy target/release/grundy
set -euo pipefail
export LC_ALL=C
[ $# -ge 7 ] || { sed -n '2,/^set/p' "$0" | sed '$d' >&2; exit 2; }
state=$1 game=$2 n=$3 secs=$4 rounds=$5 threads=$6
shift 6
[ -f "$state/state" ] || { echo "bench/resume.sh: $state: no saved state ($state/state)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

rate() { # grundy: values a second over one leg
    rm -rf "$dir/run"
    cp -r "$state" "$dir/run"
    local rc=0
    "$1" seq "$game" "$n" --summary "$dir/run" --until "$secs" --threads "$threads" --resume \
        --progress > /dev/null 2> "$dir/err" || rc=$?
    # 75: stopped by --until with the state saved, as asked; 0: the run reached N.
    if [ "$rc" -ne 75 ] && [ "$rc" -ne 0 ]; then cat "$dir/err" >&2; exit 1; fi
    python3 - "$dir/err" <<'PY'
import re, sys
lines = [(int(h), float(s)) for h, s in
         re.findall(r'heap (\d+)/\d+ \S+ after ([\d.]+) s', open(sys.argv[1]).read())]
lines = [x for x in lines if x[1] >= 8]
if len(lines) < 2:
    sys.exit("bench/resume.sh: too few progress lines past 8 s: make SECS longer")
print("%.0f" % ((lines[-1][0] - lines[0][0]) / (lines[-1][1] - lines[0][1])))
PY
}

echo "$game from $state, $rounds round(s) of $secs s, $threads thread(s), $(nproc) processors," \
    "$(date -u '+%Y-%m-%d %H:%M') UTC"
for i in $(seq "$#"); do : > "$dir/rates$i"; done
for r in $(seq "$rounds"); do
    i=0
    for grundy in "$@"; do
        i=$((i + 1))
        v=$(rate "$grundy")
        echo "$v" >> "$dir/rates$i"
        printf 'round %d  %-40s %12s values/s\n' "$r" "$grundy" "$v"
    done
done
python3 - "$dir" "$@" <<'PY'
import statistics, sys
d, builds = sys.argv[1], sys.argv[2:]
medians = [statistics.median(float(x) for x in open(f"{d}/rates{i + 1}")) for i in range(len(builds))]
for build, m in zip(builds, medians):
    print("median  %-40s %12.0f values/s  %5.2f of the first" % (build, m, m / medians[0]))
PY
