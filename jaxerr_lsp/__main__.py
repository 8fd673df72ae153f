import os
import sys

# `python -m` puts the current folder first on sys.path: the project being checked would then
# supply any module imported from here on (json.py, argparse.py...). It is not a place to import
# from. The package itself stays importable from where it lies (for the analysis worker too).
if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]
    sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from jaxerr_lsp.cli import main  # noqa: E402

raise SystemExit(main())
