#!/usr/bin/env bash
# grundy.seq("0.6", N) from Python against `grundy seq 0.6 N` on the command line, same work, in
# one run (best of three each). Needs the package installed (pip install ./crates/grundy-py)
# and a release build of the binary. Usage: bench/python-seq.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-1000000}"
best() { sort -n | head -1; }
cli=$(for _ in 1 2 3; do /usr/bin/time -f %e target/release/grundy seq 0.6 "$N" 2>&1 >/dev/null; done | best)
py=$(for _ in 1 2 3; do python3 -c "import time, grundy; t = time.perf_counter(); grundy.seq('0.6', $N); print(round(time.perf_counter() - t, 2))"; done | best)
echo "N=$N  command line ${cli}s  python ${py}s  ratio $(python3 -c "print(round($py / $cli, 3))")"
