#!/usr/bin/env bash
# A run that keeps every value beside one that keeps only a prefix and a tail, side by side
# in one run, for each game: wall time, peak memory (/usr/bin/time) and values a second, and
# the summaries at every power of two checked equal. The kept run keeps 2^KEEP values at each
# end (default 2^22: it drops values from heap 3·2^22 on), so that K well past KEEP + 2
# measures the run far past its first drop. Machines are noisy: compare the ratios of one run.
#
#   bench/tail.sh [K] [KEEP] [THREADS] [GAME...]     (defaults: 25 22 2 grundy 0.6 0.161)
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-25}
keep=${2:-22}
threads=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(grundy 0.6 0.161)
n=$(( (1 << k) - 1 ))
cargo build --release --quiet -p grundy-cli
grundy=$PWD/target/release/grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

measure() { # name, command...: prints "seconds peak-KiB"
    local name=$1; shift
    /usr/bin/time -f "%e %M" -o "$dir/$name.time" "$@" > "$dir/$name.out" 2> "$dir/$name.err" \
        || { cat "$dir/$name.err" >&2; exit 1; }
    cat "$dir/$name.time"
}

echo "heaps 0 to 2^$k - 1, $threads threads, kept run: 2^$keep values at each end;" \
     "$(date -u '+%Y-%m-%d %H:%M') UTC"
printf '%-7s %-18s %9s %9s %14s %8s\n' game run seconds "peak MiB" "values/s" "ratio"
for game in "${games[@]}"; do
    read -r all_s all_k < <(measure "$game-all" "$grundy" seq "$game" "$n" --threads "$threads" \
        --summary "$dir/$game-all")
    read -r kept_s kept_k < <(measure "$game-kept" "$grundy" seq "$game" "$n" --threads "$threads" \
        --summary "$dir/$game-kept" --keep $((1 << keep)))
    grep -q "kept in memory" "$dir/$game-kept.out" \
        || { echo "bench/tail.sh: $game: the kept run dropped nothing (K too small)" >&2; exit 1; }
    for f in "$dir/$game-all"/*; do
        cmp -s "$f" "$dir/$game-kept/$(basename "$f")" \
            || { echo "bench/tail.sh: $game: $(basename "$f") differs" >&2; exit 1; }
    done
    for row in "every value:$all_s:$all_k" "prefix and tail:$kept_s:$kept_k"; do
        IFS=: read -r run s kib <<< "$row"
        printf '%-7s %-18s %9.2f %9.1f %14.0f %8.3f\n' "$game" "$run" "$s" "$(echo "$kib / 1024" | bc -l)" \
            "$(echo "($n + 1) / $s" | bc -l)" "$(echo "$s / $all_s" | bc -l)"
    done
done
echo "summaries equal"
