#!/usr/bin/env bash
# The main job on the bundled examples: install, then `jaxerr check examples/`.
# examples/triggers/ hold programs that raise a JAX error at run time; examples/fixed/ their
# fixed twins. Succeeds when every trigger is flagged and no fixed twin is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
set +e
.venv/bin/jaxerr check examples/
status=$?
set -e
if [ "$status" -ne 1 ]; then
  echo "expected findings in examples/triggers (exit 1), got exit $status" >&2
  exit 1
fi
missed=0
for trigger in examples/triggers/*.py; do
  if .venv/bin/jaxerr check --format json "$trigger" >/dev/null; then
    echo "not flagged: $trigger" >&2; missed=1
  fi
done
if ! .venv/bin/jaxerr check examples/fixed/ >/dev/null; then
  echo "a fixed example is flagged:" >&2; .venv/bin/jaxerr check examples/fixed/ >&2 || true; exit 1
fi
[ "$missed" -eq 0 ] || exit 1
echo "OK: every trigger in examples/triggers is flagged; examples/fixed is clean."
