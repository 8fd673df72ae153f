#!/usr/bin/env bash
# Makes .venv (Python >= 3.12) with jaxerr-lsp installed editable.
#   scripts/bootstrap.sh          the checker and the server only
#   scripts/bootstrap.sh test     plus what the tests need (JAX 0.12.0.1, pytest, pytest-lsp, ...)
# Idempotent: a second run with nothing changed installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"

good_python() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }

find_python() {
  local candidates=()
  [ -n "${JAXERR_PYTHON:-}" ] && candidates+=("$JAXERR_PYTHON")
  candidates+=(python3.14 python3.13 python3.12)
  # pyenv installs, newest first
  for root in "${PYENV_ROOT:-$HOME/.pyenv}" /root/.pyenv; do
    [ -d "$root/versions" ] || continue
    while IFS= read -r dir; do candidates+=("$dir/bin/python"); done \
      < <(ls -d "$root"/versions/3.* 2>/dev/null | sort -t. -k2,2nr -k3,3nr)
  done
  candidates+=(python3 python)
  for candidate in "${candidates[@]}"; do
    if command -v "$candidate" >/dev/null 2>&1 && good_python "$candidate"; then
      command -v "$candidate"; return 0
    fi
  done
  return 1
}

if [ ! -x .venv/bin/python ] || ! good_python .venv/bin/python; then
  if ! python=$(find_python); then
    echo "jaxerr-lsp needs Python 3.12 or newer (like JAX 0.12), and none was found." >&2
    echo "Install one (e.g. 'pyenv install 3.12') or point JAXERR_PYTHON at it, then run this again." >&2
    exit 1
  fi
  echo "Using $python ($("$python" --version 2>&1)) for .venv"
  rm -rf .venv
  "$python" -m venv .venv
fi

spec="."
[ -n "$extras" ] && spec=".[$extras]"
stamp=".venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)-${extras:-base}"
if [ ! -f "$stamp" ]; then
  echo "Installing jaxerr-lsp${extras:+ with its $extras dependencies} into .venv$( [ "$extras" = test ] && echo ' (JAX 0.12.0.1 among them: about a minute)')"
  .venv/bin/python -m pip install --quiet --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -m pip install --progress-bar off -e "$spec" 2>&1 \
    | grep --line-buffered -E "^(Collecting|Successfully installed|ERROR)" \
    | sed -u -E 's/^Collecting ([^ ]+).*/  collecting \1/' || true
  .venv/bin/python -c "import jaxerr_lsp, pygls, lsprotocol, libcst" \
    || { echo "jaxerr-lsp failed to install into .venv" >&2; exit 1; }
  touch "$stamp"
fi
