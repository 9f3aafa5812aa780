#!/usr/bin/env bash
# Builds and tests the Python package `pathing` (issue #18; docs/python.md), offline:
#   1. installs the Debian packages it needs (scripts/deps.sh --python),
#   2. builds the extension in the build tree (build/python) and imports it from there,
#   3. installs the package into a venv the documented way,
#        /usr/bin/python3 -m venv --system-site-packages build/python-venv
#        build/python-venv/bin/pip install --no-build-isolation .
#      reusing the objects of step 2 (PATHING_CMAKE_BUILD_DIR), so the C++ compiles once,
#   4. runs the pytest suite (bindings/python/tests) against the installed package.
# The extension is built here with PATHING_PYTHON_ALLOC_COUNTER=ON (a test build: it counts its
# operator new calls for tests/test_allocations.py); a plain `pip install .` leaves it off.
# Environment: PATHING_PYTHON (default /usr/bin/python3: Debian's interpreter, which has NumPy and
# pytest; a pyenv python3 on PATH usually has neither), PATHING_JOBS (parallel compile jobs,
# default: the number of cores), PATHING_SHARED_DATA (the Moving AI data; default ../shared/data),
# PATHING_CLI (the C++ `pathing` binary the CLI comparison runs; default build/release/cli/pathing,
# skipped when absent). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS

PY="${PATHING_PYTHON:-/usr/bin/python3}"
JOBS="${PATHING_JOBS:-$(nproc)}"
BUILD="$PWD/build/python"
VENV="$PWD/build/python-venv"

bash scripts/deps.sh --python

echo "== build tree: $BUILD ($PY, -j$JOBS)"
# PATHING_PYTHON_ALLOC_COUNTER: count the extension's operator new calls, so that
# tests/test_allocations.py can check that a warm query allocates no C++ memory.
cmake -S bindings/python -B "$BUILD" -DPython_EXECUTABLE="$PY" -DCMAKE_BUILD_TYPE=Release \
  -DPATHING_PYTHON_ALLOC_COUNTER=ON \
  $(command -v ninja >/dev/null && [ ! -f "$BUILD/CMakeCache.txt" ] && echo -G Ninja) >/dev/null
cmake --build "$BUILD" -j "$JOBS"
PYTHONPATH="$BUILD" "$PY" -c '
import pathing, sys
g = pathing.Grid(4, 4)
r = pathing.AStar().find_path(g, pathing.GridLayer(), (0, 0), (3, 3))
assert r.found and r.moves == 3, r
print("build-tree import ok:", pathing.__file__)'

echo "== venv install: $VENV (pip install --no-build-isolation .)"
[ -x "$VENV/bin/python" ] || "$PY" -m venv --system-site-packages "$VENV"
PATHING_CMAKE_BUILD_DIR="$BUILD" CMAKE_BUILD_PARALLEL_LEVEL="$JOBS" \
  "$VENV/bin/python" -m pip install --no-build-isolation --disable-pip-version-check \
  --quiet .
installed=$(cd /tmp && "$VENV/bin/python" -c 'import pathing; print(pathing.__file__)')
case "$installed" in
  */site-packages/pathing/*) echo "installed: $installed" ;;
  *) echo "test-python.sh: pathing imported from $installed, not the venv" >&2; exit 1 ;;
esac

echo "== pytest (installed package)"
export PATHING_SHARED_DATA="${PATHING_SHARED_DATA:-$PWD/../shared/data}"
status=0
"$VENV/bin/python" -m pytest -q -rs -p no:cacheprovider bindings/python/tests "$@" || status=$?

echo "test-python.sh: $([ $status -eq 0 ] && echo passed || echo FAILED), wall time $((SECONDS - t0)) s"
exit $status
