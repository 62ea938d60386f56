#!/usr/bin/env bash
# grundy beside Marek Rogalski's octal solver (MIT licence; the sparse-space solver whose
# published histograms go to 2^40), side by side in one run: 0.161 and 0.167 to heap 2^K
# (default K = 26), wall time and peak memory of each (/usr/bin/time), and the histograms at
# 2^K checked equal line for line. Machines are noisy: compare the ratios of one run.
#
#   bench/rogalski.sh [CHECKOUT] [K]
#
# CHECKOUT is a clone of his repository (default: $ROGALSKI_OCTAL):
#   git clone https://github.com/rogalski-wmii-uni-lodz-pl/octal
# It is built here with cargo (his crate fetches bitvec, phf, glob and serde_json from
# crates.io), with two-byte nimbers and bit vectors of any length (values pass 64), into a
# target directory of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=${1:-${ROGALSKI_OCTAL:-}}
k=${2:-26}
if [ -z "$checkout" ] || [ ! -f "$checkout/Cargo.toml" ]; then
    echo "bench/rogalski.sh: give a clone of Rogalski's solver as the first argument or in" >&2
    echo "ROGALSKI_OCTAL: git clone https://github.com/rogalski-wmii-uni-lodz-pl/octal" >&2
    exit 2
fi
n=$((1 << k))
cargo build --release --quiet
grundy=$PWD/target/release/grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo build --release --quiet --manifest-path "$checkout/Cargo.toml" \
    --features nimber_u16 --target-dir "$dir/octal-target"
octal=$dir/octal-target/release/octal

measure() { # name, output file, command...: prints "seconds peak-KiB"
    local name=$1 out=$2; shift 2
    /usr/bin/time -f "%e %M" -o "$dir/$name.time" "$@" > "$out" 2> "$dir/$name.err" \
        || { cat "$dir/$name.err" >&2; exit 1; }
    cat "$dir/$name.time"
}

echo "heaps 0 to 2^$k ($n), one run each, $(date -u '+%Y-%m-%d %H:%M') UTC"
printf '%-6s %-22s %9s %9s %9s\n' game program seconds "peak MiB" "speed"
for game in 0.161 0.167; do
    # His loop computes heaps below its bound and prints the frequencies at every power of
    # two it reaches (heaps 0 to N).
    (cd "$dir" && measure "rogalski-$game" "$dir/rogalski-$game.out" "$octal" "$game" $((n + 1)) 0) \
        > "$dir/rogalski-$game.figures"
    read -r his_s his_kb < "$dir/rogalski-$game.figures"
    python3 - "$dir/rogalski-$game.out" "$n" > "$dir/rogalski-$game.hist" <<'PY'
import json, sys
text, n = open(sys.argv[1]).read(), sys.argv[2]
start = text.index(f"\n{n} freqs after")
body = text[text.index("[", start):]
freqs = json.JSONDecoder().raw_decode(body)[0]
counts = [f["frequency"] for f in freqs]
# What his solver prints counts heap 0 (value 0) too; his published files, and ours, do not.
counts[0] -= 1
while counts and counts[-1] == 0:
    counts.pop()
for value, count in enumerate(counts):
    print(value, count)
PY
    printf '%-6s %-22s %9.1f %9.0f %9s\n' "$game" "Rogalski (1 thread)" "$his_s" "$((his_kb / 1024))" 1.00
    for threads in 1 2; do
        rm -rf "$dir/summary-$game-$threads"
        read -r s kb < <(measure "grundy-$game-$threads" /dev/null "$grundy" seq "$game" "$n" \
            --threads "$threads" --summary "$dir/summary-$game-$threads")
        speed=$(python3 -c "print(f'{$his_s / $s:.2f}')")
        printf '%-6s %-22s %9.1f %9.0f %9s\n' "$game" "grundy, $threads thread(s)" "$s" "$((kb / 1024))" "$speed"
        diff -q "$dir/rogalski-$game.hist" "$dir/summary-$game-$threads/$n" > /dev/null \
            || { echo "the histograms of $game at 2^$k differ" >&2; exit 1; }
    done
done
echo "the histograms at 2^$k are the same (speed: Rogalski's time over grundy's)"
