#!/usr/bin/env bash
# Times the Go library's own greedy search (quasilyte/pathing, the seed of this project) on the
# five seed maps, for issue #19's "10x the Go greedy search on the same machine".
#
# Usage: scripts/go-peer.sh QUASILYTE_PATHING_CHECKOUT [COUNT]
#   The checkout is copied to a scratch directory; its _bench module keeps only its own two
#   testers (the other libraries' modules need the Go proxy), and `go test -bench
#   QuasilytePathingBFS -count COUNT -benchtime=200000x` runs there. Prints the median ns/op of
#   each map. Needs Go 1.19 or later (Debian: golang-go). Not part of CI.
set -euo pipefail
src="${1:?usage: scripts/go-peer.sh QUASILYTE_PATHING_CHECKOUT [COUNT]}"
count="${2:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/qp"
cd "$work/qp/_bench"
rm -f beefsack_astar_test.go fzipp_astar_test.go kelindar_tile_test.go s0rg_grid_test.go \
  solarlune_paths_test.go go.sum
python3 - <<'PY'
import re
s = open('bench_test.go').read()
for name in ['KelindarTile', 'FzippAstar', 'S0rgGrid', 'BeefsackAstar', 'SolarLunePaths']:
    s = re.sub(r'func Benchmark' + name + r'\(b \*testing.B\) \{.*?\n\}\n', '', s, flags=re.S)
open('bench_test.go', 'w').write(s)
PY
cat > go.mod <<'MOD'
module github.com/quasilyte/pathing/_bench

go 1.19

replace github.com/quasilyte/pathing => ../

require github.com/quasilyte/pathing v0.0.0-20230921143848-ee7e478e4bd6
MOD
sed -i 's/^go 1\.2[0-9]*$/go 1.19/' ../go.mod
GOFLAGS=-mod=mod GOPROXY=off go test -run xxx -bench QuasilytePathingBFS -count "$count" \
  -benchtime=200000x . | tee "$work/out.txt"
echo "medians (ns/op):"
grep '^BenchmarkQuasilytePathingBFS/' "$work/out.txt" | awk '{print $1, $3}' | sort -k1,1 -k2,2n |
  awk '{n[$1]++; v[$1, n[$1]] = $2} END {for (k in n) print k, v[k, int((n[k] + 1) / 2)]}' | sort
