#!/usr/bin/env bash
# The explore benchmark: one scripted game of at least 10^7 positions labelled by the reference
# driver, by timely on one process, and by timely on two processes (loopback), side by side in
# one run; positions a second per core, bytes kept per position (the shards' own count at their
# largest, and the peak resident memory of the processes from /usr/bin/time) and messages per
# move, read from each run's `--progress` line. Machines are noisy: compare the ratios of one run.
#
#   bench/explore.sh [SIDE]      (SIDE×SIDE positions; default 3163, just over 10^7)
set -euo pipefail
cd "$(dirname "$0")/.."
side=${1:-3163}
cargo build --release --quiet
grundy=target/release/grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
game="script:bench/walk.rhai"
start="$side,$side"
seconds() { python3 -c "import sys,time; print(f'{time.time():.3f}')"; }
run() { # name, cores, command... (the peak resident memory of every process of the run is
          # summed: process 1's, when there is one, is in $dir/peer.kb)
    local name=$1 cores=$2; shift 2
    local t0 t1
    t0=$(seconds)
    /usr/bin/time -f "%M" -o "$dir/$name.kb" "$@" --progress > "$dir/$name.out" 2> "$dir/$name.err"
    t1=$(seconds)
    wait
    python3 - "$name" "$cores" "$t0" "$t1" "$dir/$name.err" "$dir/$name.kb" "$dir/peer.kb" <<'PY'
import os, re, sys
name, cores, t0, t1, err, kb, peer = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
line = [l for l in open(err) if "bytes kept" in l][-1]
positions = int(re.search(r"(\d+) positions", line).group(1))
per_move = float(re.search(r"\(([\d.]+) a move\)", line).group(1))
per_position = float(re.search(r"\(([\d.]+) a position\)", line).group(1))
resident = int(open(kb).read().split()[-1])
if name.endswith("2 processes") and os.path.exists(peer):
    resident += int(open(peer).read().split()[-1])
wall = t1 - t0
print(f"{name:<22} {positions:>11} positions  {wall:7.1f} s  {positions / wall / cores:11.0f} positions/s/core  "
      f"{per_position:6.1f} bytes/position kept at most, {resident * 1024 / positions:6.1f} resident  "
      f"{per_move:4.2f} messages/move (process 0)")
PY
}
echo "game: $game from $start"
run reference 1 "$grundy" explore "$game" "$start" --reference
run "timely, 1 process" 1 "$grundy" explore "$game" "$start"
printf '127.0.0.1:%s\n127.0.0.1:%s\n' 47311 47312 > "$dir/hosts"
/usr/bin/time -f "%M" -o "$dir/peer.kb" \
    "$grundy" explore "$game" "$start" --processes 2 --process 1 --hosts "$dir/hosts" > /dev/null 2>&1 &
run "timely, 2 processes" 2 "$grundy" explore "$game" "$start" --processes 2 --process 0 --hosts "$dir/hosts"
cmp "$dir/reference.out" "$dir/timely, 1 process.out" && cmp "$dir/reference.out" "$dir/timely, 2 processes.out" \
    && echo "the three answers are the same"
