"""The wheel ships the catalog inside the package, and the checker works from an installed
wheel (not only from this source tree)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_catalog_and_runs_from_it(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("jaxerr_lsp-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for toml in (ROOT / "catalog").glob("*.toml"):
        assert f"jaxerr_lsp/catalog/{toml.name}" in names
        # the catalog's website, built at packaging time (hatch_build.py), one page per entry
        assert f"jaxerr_lsp/site/errors/{toml.stem}.html" in names
    assert {"jaxerr_lsp/site/index.html", "jaxerr_lsp/site/search/search_index.js"} <= names
    # Unpacked on its own (no source tree next to it), it finds its catalog and checks code.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    trigger = sorted((ROOT / "examples" / "triggers").glob("jxe002_*.py"))[0]
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import jaxerr_lsp.errors.catalog as c; "
            "assert c.default_catalog_dir().is_relative_to(sys.argv[1]), c.default_catalog_dir(); "
            "from jaxerr_lsp.cli import main; raise SystemExit(main(['check', sys.argv[2]]))")
    run = subprocess.run([sys.executable, "-P", "-c", code, str(site), str(trigger)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert "JXE002" in run.stdout
    # `explain` links to the entry's page in the wheel's own site, by default
    code = ("import sys; sys.path.insert(0, sys.argv[1]); "
            "from jaxerr_lsp.cli import main; raise SystemExit(main(['explain', 'JXE002']))")
    run = subprocess.run([sys.executable, "-P", "-c", code, str(site)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    page = (site / "jaxerr_lsp" / "site" / "errors" / "custom-vjp-logs-not-dict.html").resolve()
    assert run.stdout.rstrip().endswith(f"Read it on the web: {page.as_uri()}"), run.stdout[-300:]
    assert page.is_file()
