"""Start the jaxerr language server for the VS Code extension.

    python launch.py            serve LSP on stdio
    python launch.py --check    print one JSON line about this interpreter and exit

The extension bundles the server (jaxerr_lsp + its catalog) and its pure-Python dependencies
(pygls, lsprotocol, cattrs, attrs, typing_extensions) in ../libs. JAXERR_IMPORT_STRATEGY:
  useBundled       ../libs first on sys.path (default)
  fromEnvironment  the interpreter's own packages first, ../libs only for what is missing
libcst (native, used for quick fixes only) always comes from the interpreter.

Written for any Python 3 so that an old interpreter gets a clear message instead of a SyntaxError.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIBS = os.path.join(os.path.dirname(HERE), "libs")
MIN_PYTHON = (3, 12)


def _where(name):
    try:
        module = __import__(name)
    except Exception as exc:  # noqa: BLE001 - report any import failure
        return None, "%s: %s" % (type(exc).__name__, exc)
    return os.path.dirname(getattr(module, "__file__", "") or ""), None


def check():
    info = {
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
        "ok_version": sys.version_info[:2] >= MIN_PYTHON,
        "bundled": os.path.isdir(os.path.join(LIBS, "jaxerr_lsp")),
    }
    if info["ok_version"]:
        info["jaxerr_lsp"], info["jaxerr_lsp_error"] = _where("jaxerr_lsp")
        info["pygls"], info["pygls_error"] = _where("pygls")
        info["libcst"], info["libcst_error"] = _where("libcst")
        info["pip"], _ = _where("pip")
    print(json.dumps(info))
    return 0


def main():
    if os.environ.get("JAXERR_IMPORT_STRATEGY") == "fromEnvironment":
        sys.path.append(LIBS)
    else:
        sys.path.insert(0, LIBS)
    if "--check" in sys.argv[1:]:
        return check()
    if sys.version_info[:2] < MIN_PYTHON:
        sys.stderr.write(
            "jaxerr: the server needs Python >= %d.%d, but %s is Python %d.%d. Set jaxerr.interpreter.\n"
            % (MIN_PYTHON + (sys.executable,) + tuple(sys.version_info[:2]))
        )
        return 3
    import runpy

    sys.argv = ["jaxerr", "serve"]
    runpy.run_module("jaxerr_lsp", run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
