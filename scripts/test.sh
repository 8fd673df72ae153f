#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then runs pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh test
if [ -f scripts/install-editor-deps.sh ]; then
  bash scripts/install-editor-deps.sh
fi
echo "Lint (ruff) and types (mypy, the engine)"
.venv/bin/ruff check --quiet jaxerr_lsp tests bench
.venv/bin/mypy
set +e
# One worker per CPU; a test file stays on one worker (its module fixtures, e.g. a JAX batch, run once).
.venv/bin/python -m pytest -q -p no:cacheprovider -n "${JAXERR_TEST_WORKERS:-auto}" --dist loadfile "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit "$status"
