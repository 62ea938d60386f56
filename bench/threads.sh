#!/usr/bin/env bash
# Two threads beside one on the same codes, in one run on the same machine: `grundy seq GAME
# 2^K - 1 --summary DIR --threads T`, one thread then two, ROUNDS times in turn; wall time of
# each (/usr/bin/time), the median of each, and one thread's median over two threads' (the
# speed-up). The summaries of the two are checked equal at every power of two. Machines are
# noisy: compare the ratios of one run, never figures from two.
#
#   bench/threads.sh [K] [ROUNDS] [GAME...]   (defaults: 24 1 0.161 0.167 0.172 0.014 0.034)
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-24}
rounds=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(0.161 0.167 0.172 0.014 0.034)
n=$(( (1 << k) - 1 ))
cargo build --release --quiet -p grundy-cli
grundy=$PWD/target/release/grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

seconds() { # threads, game: wall seconds of one run
    rm -rf "$dir/$2-$1"
    /usr/bin/time -f "%e" -o "$dir/time" "$grundy" seq "$2" "$n" --threads "$1" \
        --summary "$dir/$2-$1" > /dev/null 2> "$dir/err" || { cat "$dir/err" >&2; exit 1; }
    cat "$dir/time"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "heaps 0 to 2^$k - 1, $rounds round(s), $(nproc) processors, $(date -u '+%Y-%m-%d %H:%M') UTC"
printf '%-7s %14s %14s %9s\n' game "1 thread, s" "2 threads, s" "speed-up"
for game in "${games[@]}"; do
    : > "$dir/one"; : > "$dir/two"
    for _ in $(seq "$rounds"); do
        seconds 1 "$game" >> "$dir/one"
        seconds 2 "$game" >> "$dir/two"
    done
    for f in "$dir/$game-1"/*; do
        cmp -s "$f" "$dir/$game-2/$(basename "$f")" \
            || { echo "bench/threads.sh: $game: $(basename "$f") differs" >&2; exit 1; }
    done
    one=$(median < "$dir/one"); two=$(median < "$dir/two")
    awk -v g="$game" -v a="$one" -v b="$two" 'BEGIN { printf "%-7s %14s %14s %9.2f\n", g, a, b, a / b }'
done
