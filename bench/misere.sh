#!/usr/bin/env bash
# Misère quotients where MisereSolver goes: wall time and the order reached, for
# the quotients the literature states (0.145 to heap 130: order 558; 4.7 to heap 40: order 622;
# Nim to heap 128: order 258, tame), and the defaults of `misere nim` (heaps to 300), of
# `misere 0.07` and of `misere grundy` (both stop where a candidate passes the size cap: the
# heap where they stop is shown).
#
#   bench/misere.sh            one run of each, on the release build
#   MISERESOLVER_RUN='...' bench/misere.sh
#                              also times a command of your own for each case (the string is
#                              run by bash with CODE and MAX set, e.g. a MisereSolver script of
#                              yours): side by side in one run, as a ratio
#
# MisereSolver (Siegel, GPL) is not part of this repository; its figures quoted in the issue
# (0.145 to 130 under a minute) are what ours is compared with when no command is given.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release -p grundy-cli
g=target/release/grundy
seconds() { # wall seconds of a command, its output to $1
  local out=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" > "$out"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
printf '%-22s %10s %8s %8s %s\n' case grundy_s order stop_at "other_s (ratio other/grundy)"
for case in "0.145 130" "4.7 40" "0.[3] 128" "nim 300" "0.07 300" "grundy 300"; do
  set -- $case
  code=$1 max=$2
  t=$(seconds /tmp/grundy-bench-misere.txt "$g" misere "$code" --max "$max")
  order=$(grep -m1 '^order:' /tmp/grundy-bench-misere.txt | awk '{print $2}')
  stop=$( (grep -m1 '^stopped: heap' /tmp/grundy-bench-misere.txt || true) | awk '{print $3}' | tr -d :)
  other="-"
  if [ -n "${MISERESOLVER_RUN:-}" ]; then
    o=$(CODE=$code MAX=$max seconds /dev/null bash -c "$MISERESOLVER_RUN")
    other="$o ($(awk -v a="$o" -v b="$t" 'BEGIN { printf "%.2f", a / b }')x)"
  fi
  printf '%-22s %10.2f %8s %8s %s\n' "$code to $max" "$t" "$order" "${stop:--}" "$other"
done
