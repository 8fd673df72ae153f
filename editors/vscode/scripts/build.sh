#!/usr/bin/env bash
# Build the VS Code extension into build/jaxerr-lsp.vsix. Idempotent and quick when nothing changed.
#
#   1. node_modules      npm ci (only with --install, or when missing/outdated and --install given)
#   2. bundled/libs      the server's pure-Python deps (requirements-bundled.txt, pip --target)
#                        + a copy of the repo's jaxerr_lsp with its catalog (the wheel's layout)
#   3. dist/extension.js esbuild bundle of src/ + vscode-languageclient
#   4. build/jaxerr-lsp.vsix   vsce package (skipped when its inputs did not change)
#
# Without --install, a missing step 1/2 is an error (no network use); with it, npm and pip fetch.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
INSTALL=0
[ "${1:-}" = "--install" ] && INSTALL=1
cd "$HERE"
export npm_config_cache=${npm_config_cache:-${JAXERR_EDITORS_PREFIX:-/opt/jaxerr-editors}/npm-cache}
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
die() { echo "editors/vscode/scripts/build.sh: ERROR: $*" >&2; exit 1; }
sha() { sha256sum "$@" | sha256sum | cut -c1-16; }

# 1. node modules
lock_sha=$(sha package-lock.json)
if [ "$(cat node_modules/.jaxerr-lock-sha 2>/dev/null)" != "$lock_sha" ]; then
  [ $INSTALL = 1 ] || die "node_modules missing or outdated: run scripts/install-editor-deps.sh"
  echo "[vscode build] npm ci"
  npm ci --loglevel=error >/dev/null
  echo "$lock_sha" > node_modules/.jaxerr-lock-sha
fi

# 2. bundled Python packages
req_sha=$(sha requirements-bundled.txt)
if [ "$(cat bundled/libs/.deps-sha 2>/dev/null)" != "$req_sha" ]; then
  [ $INSTALL = 1 ] || die "bundled/libs missing or outdated: run scripts/install-editor-deps.sh"
  echo "[vscode build] pip install --target bundled/libs (pure-Python wheels only)"
  rm -rf bundled/libs
  PY=$(command -v python3 || command -v python)
  "$PY" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-compile --target bundled/libs \
    --no-deps --only-binary=:all: --implementation py --python-version 3.12 --abi none --platform any \
    -r requirements-bundled.txt 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }
  rm -rf bundled/libs/bin
  echo "$req_sha" > bundled/libs/.deps-sha
fi
rm -rf bundled/libs/jaxerr_lsp
mkdir -p bundled/libs/jaxerr_lsp
tar -C "$ROOT/jaxerr_lsp" --exclude=__pycache__ --exclude='*.pyc' -cf - . | tar -C bundled/libs/jaxerr_lsp -xf -
if [ -d "$ROOT/catalog" ] && compgen -G "$ROOT/catalog/*" >/dev/null; then
  mkdir -p bundled/libs/jaxerr_lsp/catalog && cp -r "$ROOT"/catalog/. bundled/libs/jaxerr_lsp/catalog/
fi

# 3. the extension bundle
node esbuild.mjs

# 4. the .vsix
vsix_inputs=$( { find dist bundled package.json README.md images .vscodeignore -type f -not -name '*.pyc' 2>/dev/null | sort | xargs sha256sum; } | sha256sum | cut -c1-16)
if [ ! -f build/jaxerr-lsp.vsix ] || [ "$(cat build/.vsix-sha 2>/dev/null)" != "$vsix_inputs" ]; then
  mkdir -p build
  node_modules/.bin/vsce package --no-dependencies --skip-license --allow-missing-repository --no-rewrite-relative-links \
    -o build/jaxerr-lsp.vsix >build/vsce.log 2>&1 || { cat build/vsce.log >&2; die "vsce package failed"; }
  echo "$vsix_inputs" > build/.vsix-sha
  echo "[vscode build] $(tail -1 build/vsce.log)"
fi
echo "[vscode build] $HERE/build/jaxerr-lsp.vsix"
