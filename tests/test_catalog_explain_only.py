"""Explain-only entries without a rule code, and errors this machine cannot raise
(`reproducible = false`): the loader's checks, how such an entry is named and shown, and that
each template of an unreproducible entry is recognized as that entry alone (no JAX: the
templates themselves are checked against the installed JAX in test_catalog_jax.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import (
    CatalogError,
    load_catalog,
    render_markdown,
    render_text,
    template_parts,
)
from jaxerr_lsp.runtime.companion import Explanation, explanation_markdown, explanation_text
from tests.test_catalog import _assert_error, _copy_catalog, _drop_line, _edit

CATALOG = load_catalog()
CODELESS = [e for e in CATALOG if not e.rule]
UNREPRODUCIBLE = [e for e in CATALOG if not e.reproducible]
NOT_PAIR = "custom-vjp-bwd-not-pair.toml"  # a ruled entry
OOM = "device-out-of-memory.toml"  # explain-only, no rule code, reproducible
MISMATCH = "jaxlib-version-mismatch.toml"  # explain-only, unreproducible


def test_there_are_both_kinds():
    assert CODELESS and UNREPRODUCIBLE
    assert all(not e.static_rule for e in CODELESS + UNREPRODUCIBLE)


def test_only_an_explain_only_entry_may_have_no_rule_code(tmp_path: Path):
    directory = _copy_catalog(tmp_path)
    _drop_line(directory / NOT_PAIR, "rule = ")
    _assert_error(directory, NOT_PAIR, "rule", "missing", "static_rule = false")


def test_explain_only_entry_with_a_rule_code_still_loads(tmp_path: Path):
    directory = _copy_catalog(tmp_path)
    _edit(directory / OOM, 'id = "device-out-of-memory"\n', 'id = "device-out-of-memory"\nrule = "JXE900"\n')
    assert load_catalog(directory).by_rule("JXE900").id == "device-out-of-memory"


@pytest.mark.parametrize("old,new,field,words", [
    # an unreproducible entry says why, has no `before`, and has no rule
    ('why_not_reproduced = "', 'not_why = "', "not_why", ["unknown field"]),
    ("static_rule = false\n", "static_rule = true\nrule = \"JXE901\"\n", "reproducible", ["static_rule = false"]),
    ("[example]\nafter = '''", "[example]\nbefore = 'x = 1'\nafter = '''", "example.before",
     ["reproducible = false"]),
    ("reproducible = false\n", 'reproducible = "no"\n', "reproducible", ["true or false"]),
])
def test_unreproducible_entry_checks(tmp_path: Path, old: str, new: str, field: str,
                                     words: list[str]):
    directory = _copy_catalog(tmp_path)
    _edit(directory / MISMATCH, old, new)
    _assert_error(directory, MISMATCH, field, *words)


def test_unreproducible_entry_needs_its_reason(tmp_path: Path):
    directory = _copy_catalog(tmp_path)
    _drop_line(directory / MISMATCH, "why_not_reproduced = ")
    _assert_error(directory, MISMATCH, "why_not_reproduced", "missing")


def test_a_reproducible_entry_has_no_reason_and_both_examples(tmp_path: Path):
    directory = _copy_catalog(tmp_path)
    _edit(directory / OOM, "static_rule = false\n", 'static_rule = false\nwhy_not_reproduced = "x"\n')
    _assert_error(directory, OOM, "why_not_reproduced", "reproducible = false")
    directory = _copy_catalog(tmp_path / "second")
    text = (directory / OOM).read_text(encoding="utf-8")
    (directory / OOM).write_text(re.sub(r"before = '''.*?'''\n", "", text, flags=re.DOTALL),
                                 encoding="utf-8")
    _assert_error(directory, OOM, "example.before", "missing")


def test_a_codeless_entry_is_named_by_its_id():
    entry = CATALOG.get("device-out-of-memory")
    assert entry.rule == "" and entry.name == entry.reference == "device-out-of-memory"
    assert CATALOG.lookup("device-out-of-memory") is entry
    with pytest.raises(CatalogError):
        CATALOG.by_rule("")
    assert render_text(entry).startswith(f"device-out-of-memory: {entry.title}\n")
    assert render_markdown(entry).startswith(f"### {entry.title}\n")
    text = explanation_text(Explanation(entry, None))
    assert f"jaxerr: device-out-of-memory: {entry.title}" in text
    assert text.rstrip().endswith("More: jaxerr explain device-out-of-memory")
    markdown = explanation_markdown(Explanation(entry, None))
    assert markdown.startswith(f"**jaxerr: `device-out-of-memory`** — {entry.title}")
    # A ruled entry keeps its code everywhere.
    ruled = CATALOG.get("custom-vjp-bwd-not-pair")
    assert ruled.name == f"{ruled.rule} {ruled.id}" and ruled.reference == ruled.rule


@pytest.mark.parametrize("entry", UNREPRODUCIBLE, ids=[e.id for e in UNREPRODUCIBLE])
def test_unreproducible_entry_is_shown_without_a_before(entry):
    for rendered in (render_text(entry), render_markdown(entry)):
        assert "Before (raises)" not in rendered
        assert "Not reproduced here" in rendered
        assert " ".join(entry.why_not_reproduced.split()[:6]) in " ".join(rendered.split())


# Placeholders whose values an entry constrains (an added API's module and name: `api_names = "added"`).
_SAMPLES = {"module!r": "'jax'", "name!r": "'tree'"}


def _filled(template: str, entry=None) -> str:
    """The template with each placeholder written out as a plain sample value (a module and
    name JAX added, for an entry that recognizes only those)."""
    constrained = entry is not None and any(s.api_names == "added" for s in entry.sources)
    return "".join(value if kind == "text" else (_SAMPLES.get(value, "sample7") if constrained
                                                 else "sample7")
                   for kind, value in template_parts(template))


@pytest.mark.parametrize("entry", UNREPRODUCIBLE, ids=[e.id for e in UNREPRODUCIBLE])
def test_unreproducible_messages_are_recognized_as_their_entry(entry):
    """No run can show these messages here: each template, filled in and pasted with its
    exception's name, is matched in full by its own entry first."""
    for template in entry.messages:
        pasted = f"Traceback (most recent call last):\n  ...\n{entry.exception}: {_filled(template, entry)}\n"
        scored = CATALOG.match_scored(pasted)
        assert scored and scored[0].entry.id == entry.id and scored[0].full, (template, scored[:2])


@pytest.mark.parametrize("file,old,new,field,words", [
    ("x64-dtype-truncated.toml", "warning = true", 'warning = "yes"', "source[0].warning",
     ["true or false"]),
    ("x64-dtype-truncated.toml", "warning = true", "warning = true\ngeneric = true\nmessage = 'x'",
     "source[0].warning", ["neither generic"]),
    ("accelerator-fallback-to-cpu.toml", "line = 903\nlogged = true", "line = 903\nlogged = 1",
     "source[0].logged", ["true or false"]),
    ("accelerator-fallback-to-cpu.toml", "line = 903\nlogged = true",
     "line = 903\nlogged = true\nwarning = true", "source[0].logged", ["no warning"]),
])
def test_warning_and_logged_sites(tmp_path: Path, file: str, old: str, new: str, field: str,
                                  words: list[str]):
    directory = _copy_catalog(tmp_path)
    _edit(directory / file, old, new)
    _assert_error(directory, file, field, *words)


def test_warned_and_logged_errors_say_so():
    for entry_id, verb in (("x64-dtype-truncated", "warned"), ("accelerator-fallback-to-cpu", "logged"),
                           ("device-out-of-memory", "raised")):
        entry = CATALOG.get(entry_id)
        assert entry.shown_as == verb
        assert f"{entry.exception} {verb} by JAX:" in render_text(entry)
        assert f"**{entry.exception}** {verb} by JAX:" in render_markdown(entry)


@pytest.mark.parametrize(("pasted", "named"), [
    # Names JAX added after the paste's install: jax.tree (0.4.25), jax.dtypes.prng_key.
    ("AttributeError: module 'jax' has no attribute 'tree'", "api-not-in-this-version"),
    ("E       AttributeError: module 'jax.dtypes' has no attribute 'prng_key'",
     "api-not-in-this-version"),
    ("ImportError: cannot import name 'shard_map' from 'jax' (/usr/lib/python3/jax/__init__.py)",
     "api-not-in-this-version"),
    # A name JAX removed is the other entry's.
    ("AttributeError: module 'jax' has no attribute 'tree_multimap'", "removed-jax-api"),
    # A name every release had (a file named jax.py shadows JAX), a module that is not
    # JAX's: not a version's doing, and no other entry's.
    ("AttributeError: module 'jax' has no attribute 'jit'", None),
    ("AttributeError: module 'numpy' has no attribute 'tree'", None),
    # A typo, a name of another module: jax-name-not-found's (no release had them).
    ("AttributeError: module 'jax' has no attribute 'treee'", "jax-name-not-found"),
    ("AttributeError: module 'jax.numpy' has no attribute 'prng_key'", "jax-name-not-found"),
    # A submodule `import jax` does not load: jax-submodule-not-imported's.
    ("AttributeError: module 'jax.scipy' has no attribute 'optimize'", "jax-submodule-not-imported"),
])
def test_added_api_is_recognized_only_for_names_jax_added(pasted: str, named: str | None):
    scored = CATALOG.match_scored(pasted)
    assert (scored[0].entry.id if scored else None) == named, scored[:2]


def test_added_api_table_holds_names_of_the_installed_jax():
    """Every name of jaxerr_lsp/errors/added_apis.json (scripts/verify_added_apis.py) is read,
    without a deprecation warning, from its module right after importing it, under the
    installed JAX; and the table's release is the catalog's."""
    import json

    from jaxerr_lsp.errors import catalog as catalog_module
    from tests.jax_runner import run_programs

    path = Path(catalog_module.__file__).parent / "added_apis.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    assert table["jax_version"] == "0.12.0.1" and len(table["apis"]) > 500
    assert table["apis"]["jax.tree"] == "0.4.25" and "jax.jit" not in table["apis"]
    source = ("import importlib, json, warnings\n"
              f"names = {sorted(table['apis'])!r}\n"
              "bad = []\n"
              "for qualname in names:\n"
              "    module, _, name = qualname.rpartition('.')\n"
              "    with warnings.catch_warnings(record=True) as caught:\n"
              "        warnings.simplefilter('always')\n"
              "        try:\n"
              "            getattr(importlib.import_module(module), name)\n"
              "        except Exception as error:\n"
              "            bad.append(f'{qualname}: {error}')\n"
              "    if any(issubclass(w.category, DeprecationWarning) for w in caught):\n"
              "        bad.append(f'{qualname}: deprecated')\n"
              "print(json.dumps(bad))\n")
    [result] = run_programs([source])
    assert not result.raised, str(result)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_gpu_plugin_site_names_its_wheel(tmp_path: Path):
    """A GPU plugin's library is not installed here: its site names the wheel its text is
    verified in (scripts/verify_plugin_wordings.py), or the catalog does not load."""
    directory = _copy_catalog(tmp_path)
    _edit(directory / "ptxas-too-old.toml",
          'library = "jax_plugins/xla_cuda12/xla_cuda_plugin.so"\nwheel = "jax-cuda12-pjrt"\n',
          'library = "jax_plugins/xla_cuda12/xla_cuda_plugin.so"\n')
    _assert_error(directory, "ptxas-too-old.toml", "source[0].library", "wheel")
