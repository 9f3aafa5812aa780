# Sourced by the test scripts: `step NAME COMMAND...` runs a command and prints its wall time as
# "== NAME: N s" (the lines CI logs are read by).
step() {
  local name="$1"; shift
  local t0=$SECONDS
  "$@"
  echo "== ${name}: $((SECONDS - t0)) s"
}
