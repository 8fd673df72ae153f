"""Links to the catalog's website from everywhere but the editors (those are in tests/lsp and
tests/editors): the `docs-url` setting and its layers, the packaged site as the default,
`jaxerr explain`, hover, the runtime companion, `jaxerr docs build` on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxerr_lsp.app.configuration import ConfigError, config_for_file
from jaxerr_lsp.app.hover_text import hover_at
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.docs_site import links
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.runtime.companion import Explanation, explanation_markdown, explanation_text
from tests.test_cli import jaxerr

CATALOG = load_catalog()
ENTRY = CATALOG.by_rule("JXE001")


def test_docs_url_layers_and_checks(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "https://example.org/kb"\n')
    file = tmp_path / "a.py"
    assert config_for_file(file, {}).docs_url == "https://example.org/kb/"
    assert config_for_file(file, {"docs-url": "file:///srv/site"}).docs_url == "file:///srv/site/"
    assert links.docs_url_for(ENTRY.id, str(file)) == f"https://example.org/kb/errors/{ENTRY.id}.html"
    for bad in ("example.org/kb", "ftp://example.org/", "", 3):
        with pytest.raises(ConfigError, match="docs-url"):
            config_for_file(file, {"docs-url": bad})


def test_the_packaged_site_is_the_default(tmp_path: Path):
    assert links.default_docs_url(tmp_path) is None  # no site there: no link
    (tmp_path / "index.html").write_text("<html></html>")
    url = links.default_docs_url(tmp_path)
    assert url == tmp_path.as_uri() + "/"
    page = links.entry_url(url, ENTRY.id)
    assert page is not None and page.startswith("file:///") and page.endswith(f"/errors/{ENTRY.id}.html")


def test_jax_source_links_point_to_the_release_tag():
    site = ENTRY.sites[0]
    assert links.jax_source_url(site.file, site.line, "0.12.0.1") == \
        f"https://github.com/jax-ml/jax/blob/jax-v0.12.0.1/{site.file}#L{site.line}"
    assert links.jax_source_url("xla/pjrt/cpu/cpu_device_memory.cc", 200, "0.12.0.1") is None


def test_explain_prints_the_page(tmp_path: Path):
    result = jaxerr("explain", "JXE001", "--docs-url", "https://example.org/kb", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith(
        f"Read it on the web: https://example.org/kb/errors/{ENTRY.id}.html"), result.stdout[-300:]
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "https://kb.example.org/"\n')
    result = jaxerr("explain", "JXE001", "--format", "markdown", cwd=tmp_path)
    assert f"(https://kb.example.org/errors/{ENTRY.id}.html)" in result.stdout


def test_hover_ends_with_the_link():
    finding = Finding(code=ENTRY.rule, catalog_id=ENTRY.id, severity="error",
                      message="ValueError: unexpected tree structure", span=Span(1, 0, 1, 5))
    found = hover_at(CATALOG, ["f_vjp"], 1, 2, findings=[finding], docs_url="https://example.org/kb/")
    assert found is not None
    assert found.markdown.rstrip().endswith(
        f"[{ENTRY.rule} on the web](https://example.org/kb/errors/{ENTRY.id}.html)")
    api = hover_at(CATALOG, ["import jax", "jax.vjp(f, x)"], 2, 5, imports={"jax": "jax"},
                   docs_url="https://example.org/kb/")
    assert api is not None and api.markdown.rstrip().endswith(
        "[jax.vjp on the web](https://example.org/kb/apis/jax.vjp.html)"), api.markdown[-200:]
    plain = hover_at(CATALOG, ["f_vjp"], 1, 2, findings=[finding])
    assert plain is not None and "on the web" not in plain.markdown


def test_the_runtime_companion_prints_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "https://kb.example.org"\n')
    monkeypatch.chdir(tmp_path)
    explanation = Explanation(ENTRY, None)
    url = f"https://kb.example.org/errors/{ENTRY.id}.html"
    assert explanation_text(explanation).rstrip().endswith(f"On the web: {url}")
    assert f"]({url})" in explanation_markdown(explanation)


def test_docs_build_on_the_command_line_without_the_generator_says_what_to_install(tmp_path: Path):
    """`jaxerr docs build` with MkDocs hidden: exit 2 and the extra to install."""
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "mkdocs").mkdir()
    (blocker / "mkdocs" / "__init__.py").write_text("raise ImportError('hidden for this test')\n")
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocker), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-m", "jaxerr_lsp", "docs", "build", "--out", str(tmp_path / "site")],
                            capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert result.returncode == 2 and "jaxerr-lsp[docs]" in result.stderr, result.stderr
    assert not (tmp_path / "site").exists()
