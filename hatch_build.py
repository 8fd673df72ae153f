"""Hatch build hook: the wheel ships the catalog's website (`jaxerr_lsp/site/`), built from this
source tree at packaging time, so that the links of diagnostics, SARIF, hover and `explain` work
offline by default (jaxerr_lsp.docs_site.links). Editable installs skip it (a checkout builds
the site with `jaxerr docs build`)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class SiteBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        sys.path.insert(0, self.root)
        try:
            from jaxerr_lsp.docs_site.build import build_site
            from jaxerr_lsp.errors.catalog import load_catalog
        finally:
            sys.path.remove(self.root)
        self._tmp = tempfile.mkdtemp(prefix="jaxerr-site-")
        out = Path(self._tmp) / "site"
        built = build_site(out, catalog=load_catalog(Path(self.root) / "catalog"),
                           readme=(Path(self.root) / "README.md").read_text(encoding="utf-8"))
        self.app.display_info(f"jaxerr: built the catalog's website ({built.pages} pages) "
                              f"in {built.seconds:.1f} s")
        build_data["force_include"][str(out)] = "jaxerr_lsp/site"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
