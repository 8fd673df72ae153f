"""The catalog loader, its validation, id checks, message matching and rendering (no JAX)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import jaxerr_lsp.errors.catalog as catalog_module
from jaxerr_lsp.errors.catalog import (
    Catalog,
    CatalogError,
    Entry,
    default_catalog_dir,
    load_catalog,
    render_markdown,
    render_text,
    template_parts,
    validate_entry_id,
)
from jaxerr_lsp.engine.registry import all_rules

REPO = Path(__file__).resolve().parent.parent
CATALOG_DIR = REPO / "catalog"
EXAMPLES = REPO / "examples"
ENTRY_IDS = load_catalog().ids()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# --------------------------------------------------------------------------------------------
# The real catalog


def test_real_catalog_has_an_entry_per_rule(catalog: Catalog):
    # (tests/test_registry.py holds the rules and the entries against each other)
    rules = all_rules()
    ruled = [e for e in catalog if e.static_rule]
    assert rules and len(ruled) == len(rules)
    assert [e.rule for e in ruled] == [r.code for r in rules]  # listed in rule order
    coded = [e.rule for e in catalog if e.rule]
    assert coded == sorted(coded)
    # Explain-only entries without a rule code come last, by id.
    codeless = [e.id for e in catalog][len(coded):]
    assert codeless == sorted(codeless) and all(not catalog.get(i).rule for i in codeless)
    assert all(not catalog.get(i).static_rule for i in codeless)
    for rule in rules:
        assert catalog.by_rule(rule.code).id == rule.catalog_id
        assert catalog.get(rule.catalog_id).rule == rule.code
        assert rule.catalog_id in catalog


def test_default_catalog_is_cached_and_is_the_repo_catalog(catalog: Catalog):
    assert load_catalog() is catalog
    assert default_catalog_dir() == CATALOG_DIR
    assert all(e.path.parent == CATALOG_DIR for e in catalog)
    assert load_catalog(CATALOG_DIR) is not catalog  # an explicit directory is read afresh


def test_default_dir_prefers_the_catalog_shipped_in_the_wheel(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "jaxerr_lsp"
    (package / "catalog").mkdir(parents=True)
    monkeypatch.setattr(catalog_module, "__file__", str(package / "errors" / "catalog.py"))
    assert catalog_module.default_catalog_dir() == package / "catalog"
    shutil.rmtree(package / "catalog")
    assert catalog_module.default_catalog_dir() == tmp_path / "site-packages" / "catalog"


def test_pyproject_ships_the_catalog_inside_the_wheel():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"catalog" = "jaxerr_lsp/catalog"' in text


def test_catalog_module_does_not_import_jax():
    source = Path(catalog_module.__file__).read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import|from)\s+jax\b", source, re.MULTILINE)


@pytest.mark.parametrize("entry_id", ENTRY_IDS)
def test_every_field_is_filled(catalog: Catalog, entry_id: str):
    entry = catalog.get(entry_id)
    for name in ("id", "rule", "title", "exception", "message", "jax_version", "summary",
                 "meaning", "example_before", "example_after"):
        value = getattr(entry, name)
        # An explain-only entry may have no rule code; an error this machine cannot raise
        # has no `before` (and an `after` only where it runs here).
        optional = (name == "rule" and not entry.static_rule) or (
            name in ("example_before", "example_after") and not entry.reproducible)
        assert isinstance(value, str) and (value.strip() or (optional and value == "")), name
    assert bool(entry.example_before) == entry.reproducible
    assert bool(entry.why_not_reproduced) != entry.reproducible
    for name in ("triggers", "situations", "solutions", "defensive", "related", "apis",
                 "sources", "fixes"):
        value = getattr(entry, name)
        # An error without a mechanical repair (or without a rule) offers no quick fix.
        assert isinstance(value, tuple) and (value or name == "fixes"), name
    assert entry.jax_version == "0.12.0.1"
    assert entry.path == CATALOG_DIR / f"{entry_id}.toml"
    assert "\n" not in entry.summary.strip()
    assert len(entry.title) <= 80
    for source in entry.sources:
        # (JAX raises a few errors from jax/experimental: the key reuse checker)
        # (a compiled site names the C++ source in JAX's repository, or in XLA's, which
        # jaxlib compiles in; a user-code site names the public JAX module the program's
        # statement reaches)
        assert source.file.startswith(
            (f"{entry.package}/",) if entry.package  # (a library on JAX: Flax's files)
            else ("jax/",) if source.user_code
            else ("jax/_src/", "jax/experimental/") if source.library is None
            else ("jaxlib/", "xla/"))
        assert source.line > 0 and source.function
    for related in entry.related:
        assert related in catalog and related != entry.id
    for fix in entry.fixes:
        assert fix.safety in ("safe", "unsafe") and fix.title and fix.why
    # Multi-line defensive items are code: they must at least compile.
    for item in entry.defensive:
        if "\n" in item.strip():
            compile(item, f"{entry_id}:defensive", "exec")
    # No claim about a function JAX 0.12.0.1 does not have.
    text = CATALOG_DIR.joinpath(f"{entry_id}.toml").read_text(encoding="utf-8")
    assert "make_ref" not in text


def test_entry_details(catalog: Catalog):
    refs = catalog.get("vjp-with-refs-tree-mismatch")
    assert refs.exception == "ValueError"
    assert refs.sources[0].file == "jax/_src/api.py"
    assert refs.sources[0].function == "_vjp_with_refs_tree_error"
    assert refs.message.startswith("unexpected tree structure in the arguments to a VJP")
    assert ("  * args{keystr(path)} was a {thing1} in the primal arguments, but a {thing2} in "
            "the `with_refs` arguments, so {explanation}.") in refs.message
    assert "jax.new_ref(jnp.zeros_like(p))" in refs.fix("refs-from-primals").title
    assert {"jax.vjp", "VJP.with_refs", "jax.new_ref"} <= set(refs.apis)

    logs = catalog.get("custom-vjp-logs-not-dict")
    not_pair = catalog.get("custom-vjp-bwd-not-pair")
    for entry in (logs, not_pair):
        assert entry.exception == "TypeError"
        assert [s.file for s in entry.sources] == ["jax/_src/custom_derivatives.py",
                                                     "jax/_src/hijax.py"]
        assert entry.sources[0].function == "_flatten_bwd" and entry.sources[0].message is None
        assert entry.sources[1].message.startswith("Custom VJP bwd rule {bwd} was registered")
        assert len(entry.messages) == 2
        assert {"jax.custom_vjp", "custom_vjp.defvjp_with_logs"} <= set(entry.apis)
    assert logs.message.endswith("but got {type(logs).__name__}.")
    assert logs.fix("return-cts-no-logs").safety == "safe"
    assert logs.fix("logs-as-dict").safety == "unsafe"  # duplicate keys, invented names
    with pytest.raises(CatalogError, match="no fix 'nope'"):
        not_pair.fix("nope")
    assert "OrderedDict" in logs.meaning and "ArrayImpl" in logs.meaning


def test_for_api(catalog: Catalog):
    for entry in catalog:
        for api in entry.apis:
            assert entry in catalog.for_api(api), (entry.id, api)
    assert "vjp-with-refs-tree-mismatch" in [e.id for e in catalog.for_api("VJP.with_refs")]
    logs_apis = [e.id for e in catalog.for_api("custom_vjp.defvjp_with_logs")]
    assert logs_apis.index("custom-vjp-logs-not-dict") < logs_apis.index("custom-vjp-bwd-not-pair")
    assert catalog.for_api("jax.no_such_api") == []


def test_by_rule_and_lookup(catalog: Catalog):
    assert catalog.by_rule("jxe002").id == "custom-vjp-logs-not-dict"
    assert catalog.lookup("JXE003").id == "custom-vjp-bwd-not-pair"
    assert catalog.lookup("vjp-with-refs-tree-mismatch").rule == "JXE001"
    with pytest.raises(CatalogError, match="no catalog entry for rule 'JXE999'"):
        catalog.by_rule("JXE999")


# --------------------------------------------------------------------------------------------
# Entry ids


@pytest.mark.parametrize("bad", ["../../x", "A", "", "a/b", "x" * 82, " x", "x\n", "-x", "a_b",
                                 "/etc/passwd", "..", "x.toml"])
def test_invalid_ids_are_rejected(catalog: Catalog, bad: str, monkeypatch):
    with pytest.raises(CatalogError, match="invalid catalog id"):
        validate_entry_id(bad)

    # `get` rejects it before any file access.
    def no_files(*args, **kwargs):
        raise AssertionError("the filesystem was touched")

    with monkeypatch.context() as patch:
        for name in ("open", "read_text", "exists", "is_file", "is_dir", "glob", "stat"):
            patch.setattr(Path, name, no_files)
        with pytest.raises(CatalogError, match="invalid catalog id"):
            catalog.get(bad)


def test_valid_and_unknown_ids(catalog: Catalog):
    assert validate_entry_id("vjp-with-refs-tree-mismatch") == "vjp-with-refs-tree-mismatch"
    assert validate_entry_id("x" * 81) == "x" * 81
    with pytest.raises(CatalogError) as info:
        catalog.get("no-such-error")
    assert "no-such-error" in str(info.value) and "vjp-with-refs-tree-mismatch" in str(info.value)


# --------------------------------------------------------------------------------------------
# Malformed entries

def _copy_catalog(tmp_path: Path) -> Path:
    target = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _drop_line(path: Path, prefix: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(prefix)]
    assert len(kept) == len(lines) - 1, prefix
    path.write_text("".join(kept), encoding="utf-8")


def _assert_error(directory: Path, file: str, field: str, *words: str) -> str:
    with pytest.raises(CatalogError) as info:
        load_catalog(directory)
    message = str(info.value)
    assert file in message, message
    assert f"`{field}`" in message, message
    for word in words:
        assert word in message, message
    return message


NOT_PAIR = "custom-vjp-bwd-not-pair.toml"
REFS = "vjp-with-refs-tree-mismatch.toml"


def _drop_field(path: Path, field: str) -> None:
    """Remove a top-level `field = ...` (one line or several) from a TOML file."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{field} = "))
    end = next((j for j in range(start + 1, len(lines))
                if re.match(r"[A-Za-z_]+ = |\[", lines[j])), len(lines))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


@pytest.mark.parametrize("field", ["id", "rule", "title", "exception", "message", "jax_version",
                                   "summary", "meaning", "triggers", "situations", "solutions",
                                   "defensive", "related", "apis"])
def test_missing_field(tmp_path, field):
    directory = _copy_catalog(tmp_path)
    _drop_field(directory / NOT_PAIR, field)
    _assert_error(directory, NOT_PAIR, field, "missing")


def test_wrong_type(tmp_path):
    directory = _copy_catalog(tmp_path)
    path = directory / NOT_PAIR
    _drop_field(path, "summary")
    _edit(path, "title = ", "summary = 3\ntitle = ")
    _assert_error(directory, NOT_PAIR, "summary", "must be a string, not int")


def test_missing_tables(tmp_path):
    directory = _copy_catalog(tmp_path)
    path = directory / NOT_PAIR
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("[[source]]")], encoding="utf-8")
    _assert_error(directory, NOT_PAIR, "source", "missing")


def test_missing_example_half(tmp_path):
    directory = _copy_catalog(tmp_path)
    _edit(directory / NOT_PAIR, "after = '''", "later = '''")
    _assert_error(directory, NOT_PAIR, "example.later", "unknown")


@pytest.mark.parametrize("old,new,field,words", [
    ("line = 1085", 'line = "1085"', "source[0].line", ["positive integer"]),
    ("line = 1085", "line = 0", "source[0].line", ["positive integer"]),
    ("line = 1085", "line = true", "source[0].line", ["positive integer"]),
    ('safety = "unsafe"', 'safety = "maybe"', "fixes[0].safety", ["'safe' or 'unsafe'", "maybe"]),
    ('id = "return-pair-none-logs"', 'id = "Return Pair"', "fixes[1].id", ["invalid fix id"]),
    ('id = "return-pair-none-logs"', 'id = "pair-cts-with-logs"', "fixes[1].id", ["duplicate"]),
    ('related = ["custom-vjp-logs-not-dict"]', 'related = ["no-such-entry"]', "related",
     ["no-such-entry", "unknown"]),
    ('related = ["custom-vjp-logs-not-dict"]', 'related = ["custom-vjp-bwd-not-pair"]',
     "related[0]", ["itself"]),
    ('related = ["custom-vjp-logs-not-dict"]', 'related = "custom-vjp-logs-not-dict"', "related",
     ["list of strings"]),
    ('apis = ["jax.custom_vjp"', 'apis = [3, "jax.custom_vjp"', "apis[0]", ["string"]),
    ('id = "custom-vjp-bwd-not-pair"', 'id = "custom-vjp-bwd-not-a-pair"', "id",
     ["file name"]),
    ('id = "custom-vjp-bwd-not-pair"', 'id = "../../x"', "id", ["invalid id"]),
    ('rule = "JXE003"', 'rule = "JXE001"', "rule", ["already used"]),
    ('rule = "JXE003"', 'rule = "rule three"', "rule", ["invalid rule code"]),
    ('exception = "TypeError"', 'exception = "a type error"', "exception", ["not an exception"]),
    ('jax_version = "0.12.0.1"', 'jax_version = ""', "jax_version", ["empty"]),
    ('function = "_flatten_bwd"', 'function = "_flatten_bwd()"', "source[0].function",
     ["not a function name"]),
    ('file = "jax/_src/custom_derivatives.py"', 'file = "../../etc/passwd.py"', "source[0].file",
     ["relative path"]),
    ("but got {py_cts_in}.'''", "but got {py_cts_in.'''", "message", ["unclosed"]),
    ("but got {in_cts}.'''", "but got } {in_cts}.'''", "source[1].message", ["single '}'"]),
    ("return (g * jnp.cos(x),), None\n", "return (g * jnp.cos(x),, None\n", "example.after",
     ["not valid Python"]),
    ('why = "', 'why = "x"\nwhen = "', "fixes[0].when", ["unknown field"]),
    ('title = "defvjp', 'titel = "defvjp', "titel", ["unknown field"]),
])
def test_malformed_entry(tmp_path, old, new, field, words):
    directory = _copy_catalog(tmp_path)
    _edit(directory / NOT_PAIR, old, new)
    message = _assert_error(directory, NOT_PAIR, field, *words)
    if "already used" in words:  # the other file is named too
        assert REFS in message


def test_not_toml(tmp_path):
    directory = _copy_catalog(tmp_path)
    (directory / "broken-entry.toml").write_text("id = 'broken-entry'\ntitle = \n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"broken-entry\.toml: not valid TOML"):
        load_catalog(directory)


def test_file_name_that_is_not_an_id(tmp_path):
    directory = _copy_catalog(tmp_path)
    shutil.copy(directory / NOT_PAIR, directory / "Bad Name.toml")
    _assert_error(directory, "Bad Name.toml", "id", "file name")


def test_duplicate_id(tmp_path):
    directory = _copy_catalog(tmp_path)
    # In one folder ids equal file names, so a copied entry shows up as an id that differs
    # from its file name, and once that is fixed, as a second entry for the same rule.
    shutil.copy(directory / NOT_PAIR, directory / "custom-vjp-bwd-not-pair-2.toml")
    _assert_error(directory, "custom-vjp-bwd-not-pair-2.toml", "id", "file name")
    _edit(directory / "custom-vjp-bwd-not-pair-2.toml", 'id = "custom-vjp-bwd-not-pair"',
          'id = "custom-vjp-bwd-not-pair-2"')
    _assert_error(directory, "custom-vjp-bwd-not-pair-2.toml", "rule", "already used")


def test_catalog_directory_missing(tmp_path):
    with pytest.raises(CatalogError, match="catalog directory not found"):
        load_catalog(tmp_path / "nowhere")


def test_fixes_may_be_empty_but_not_absent(tmp_path):
    directory = _copy_catalog(tmp_path)
    path = directory / NOT_PAIR
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("[[fixes]]")], encoding="utf-8")
    _assert_error(directory, NOT_PAIR, "fixes", "missing")
    path.write_text(text[:text.index("[[fixes]]")].replace(
        "apis = [", "fixes = []\napis = ["), encoding="utf-8")
    assert load_catalog(directory).get("custom-vjp-bwd-not-pair").fixes == ()


# --------------------------------------------------------------------------------------------
# Templates and matching

# Real messages, as JAX 0.12.0.1 printed them for the programs in examples/triggers.
REFS_MESSAGE = """unexpected tree structure in the arguments to a VJP function's `with_refs` method.

The arguments to `with_refs` must match the pytree structure of the primal
arguments of the differentiated function loss at /work/main/examples/triggers/jxe001_dict_params_tuple_refs.py:15,
with one entry for each array argument. Each entry must be a `Ref` (to
accumulate this argument's gradient into the ref in-place), a
`jax.ad.GradValue()` (to have this argument's gradient returned as a value,
the default behavior), or a `jax.ad.DontWant()` (to skip computing this
argument's gradient). Note that `None` is an empty pytree, so it can't be
used as a placeholder entry.

But the tree structures differ:
  * args[0] was a <class 'dict'> in the primal arguments, but a <class 'tuple'> in the `with_refs` arguments, so their Python types differ."""

REFS_TRACEBACK = """Traceback (most recent call last):
  File "/work/main/examples/triggers/jxe001_dict_params_tuple_refs.py", line 24, in <module>
    f_vjp.with_refs((w_grad, b_grad), jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(out))
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/work/venv/lib/python3.12/site-packages/jax/_src/api.py", line 2064, in with_refs
    return self.fun(self.in_tree, self.out_tree, self.args_res,
  File "/work/venv/lib/python3.12/site-packages/jax/_src/api.py", line 1742, in _vjp3_callable
    _vjp_with_refs_tree_error(jaxpr, in_tree, in_tree_)
  File "/work/venv/lib/python3.12/site-packages/jax/_src/api.py", line 1825, in _vjp_with_refs_tree_error
    raise ValueError(msg)
ValueError: """ + REFS_MESSAGE + "\n"

LOGS_LIST = ("Custom VJP bwd rule was registered with defvjp_with_logs, and so the second element "
             "of the pair it returns must be None or a dict of backward-pass log entries, but "
             "got list.")
LOGS_TRACEBACK = """Traceback (most recent call last):
  File "/tmp/exp/t2.py", line 42, in <module>
    print(jax.grad(f)(2.0, 3.0))
jax._src.source_info_util.JaxStackTraceBeforeTransformation: TypeError: Custom VJP bwd rule was registered with defvjp_with_logs, and so the second element of the pair it returns must be None or a dict of backward-pass log entries, but got ArrayImpl.

The preceding stack trace is the source of the JAX operation that, once transformed by JAX, triggered the following exception.

--------------------

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/tmp/exp/t2.py", line 42, in <module>
    print(jax.grad(f)(2.0, 3.0))
          ^^^^^^^^^^^^^^^^^^^^^
TypeError: Custom VJP bwd rule was registered with defvjp_with_logs, and so the second element of the pair it returns must be None or a dict of backward-pass log entries, but got ArrayImpl.
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
"""
LOGS_HIJAX = ("TypeError: Custom VJP bwd rule <function smooth_abs_bwd at 0x7f0f2c9aab60> was "
              "registered with defvjp_with_logs, and so the second element of the pair it "
              "returns must be None or a dict of backward-pass log entries, but got list.")
NOT_PAIR_MESSAGES = [
    "TypeError: Custom VJP bwd rule was registered with defvjp_with_logs and so must produce a "
    "pair (in_cts, logs), but got JitTracer(float32[3]).",
    "Custom VJP bwd rule was registered with defvjp_with_logs and so must produce a pair "
    "(in_cts, logs), but got 0.8775825500488281.",
    "Custom VJP bwd rule was registered with defvjp_with_logs and so must produce a pair "
    "(in_cts, logs), but got {'a': Array(1., dtype=float32, weak_type=True)}.",
    "Custom VJP bwd rule <function f_bwd at 0x7ff23bcb0360> was registered with "
    "defvjp_with_logs and so must produce a pair (in_cts, logs), but got 3.0.",
]


def _ids(results: list[Entry]) -> list[str]:
    return [e.id for e in results]


def test_template_parts():
    assert template_parts("a {x} b {type(y).__name__}.") == [
        ("text", "a "), ("field", "x"), ("text", " b "), ("field", "type(y).__name__"),
        ("text", ".")]
    assert template_parts("{{literal}} {d[{k}]}") == [
        ("text", "{literal} "), ("field", "d[{k}]")]
    with pytest.raises(ValueError):
        template_parts("a {x")
    with pytest.raises(ValueError):
        template_parts("a } b")


@pytest.mark.parametrize("text", [
    REFS_MESSAGE,
    REFS_TRACEBACK,
    "ValueError: " + REFS_MESSAGE,
    "    " + REFS_MESSAGE.replace("\n", "\n    "),  # indented
    " ".join(REFS_MESSAGE.split()),  # rewrapped onto one line
    REFS_MESSAGE.replace("* args[0] was a <class 'dict'> in the primal arguments, but a "
                         "<class 'tuple'>",
                         "* args was a tuple of length 2 in the primal arguments, but a "
                         "tuple of length 1") + "\n  * args[1]['w'] was a pytree leaf in the "
                         "primal arguments, but a <class 'NoneType'> in the `with_refs` "
                         "arguments, so their Python types differ.",
])
def test_match_with_refs(catalog: Catalog, text: str):
    scored = catalog.match_scored(text)
    assert [m.entry.id for m in scored] == ["vjp-with-refs-tree-mismatch"]
    assert scored[0].full


@pytest.mark.parametrize("text", [
    LOGS_LIST, LOGS_TRACEBACK, LOGS_HIJAX, "TypeError: " + LOGS_LIST,
    LOGS_LIST.replace("list.", "OrderedDict."), LOGS_LIST.replace("list.", "DynamicJaxprTracer."),
])
def test_match_logs_not_dict(catalog: Catalog, text: str):
    scored = catalog.match_scored(text)
    assert _ids([m.entry for m in scored]) == ["custom-vjp-logs-not-dict"] and scored[0].full


@pytest.mark.parametrize("text", NOT_PAIR_MESSAGES)
def test_match_not_pair(catalog: Catalog, text: str):
    assert _ids(catalog.match(text)) == ["custom-vjp-bwd-not-pair"]


# custom_vjp rules' outputs, as JAX 0.12.0.1 prints them on both paths (JXE040-JXE044).
_FWD_PAIR = ("Custom VJP fwd rule f_fwd for function f must produce a pair (list or tuple of length "
             "two) where the first element represents the primal output (equal to the output of the "
             "custom_vjp-decorated function f) and the second element represents residuals (i.e. "
             "values stored from the forward pass for use on the backward pass), but instead the fwd "
             "rule output's first element had ")
CUSTOM_VJP_OUTPUT_MESSAGES = [
    ("TypeError: Custom VJP bwd rule must produce an output with the same container (pytree) "
     "structure as the args tuple of the primal function, and in particular must produce a tuple "
     "of length equal to the number of arguments to the primal function, but got bwd output "
     "structure PyTreeDef(*) for primal input structure PyTreeDef((*,)).", "custom-vjp-bwd-structure"),
    ("TypeError: Custom VJP bwd rule <function f_bwd at 0x7f> must produce a tuple but got "
     "<class 'jaxlib._jax.ArrayImpl'>.", "custom-vjp-bwd-structure"),
    ("ValueError: Custom VJP bwd rule <function <lambda> at 0x7f8a> must produce a tuple of length "
     "equal to the primal args tuple, but got length 1", "custom-vjp-bwd-structure"),
    ("ValueError: Custom VJP bwd rule attached to f at x.py:9 must produce an output with the same "
     "type as the args tuple of the primal function, but at output[0] the bwd rule produced an "
     "output of type float32[2] corresponding to an input of type float32[3], so the shapes do "
     "not match", "custom-vjp-bwd-type"),
    ("ValueError: at output[0] the bwd rule attached to f at x.py:9 produced an output of type "
     "float32[2] which doesn't match expected type float32[3]", "custom-vjp-bwd-type"),
    ("TypeError: Custom VJP fwd rule f_fwd for function f must produce a pair (list or tuple of "
     "length two) where the first element represents the primal output (equal to those of the "
     "custom_vjp-decorated function f) and the second element represents residuals (i.e. values "
     "stored from the forward pass for use on the backward pass), but instead of a pair the fwd "
     "rule f_fwd produced 0.47942555.", "custom-vjp-fwd-not-pair"),
    ("TypeError: " + _FWD_PAIR + "container/pytree structure:\n    (float32[],)\nwhile the "
     "custom_vjp-decorated function f had output container/pytree structure:\n    float32[].",
     "custom-vjp-fwd-output-tree"),
    ("TypeError: " + _FWD_PAIR + "shapes/dtypes of:\n    float16[]\nwhile the custom_vjp-decorated "
     "function f had output shapes/dtypes of:\n    float32[]", "custom-vjp-fwd-output-type"),
    ("TypeError: at , got fwd output type float16[] which doesn't match primal output type "
     "float32[]", "custom-vjp-fwd-output-type"),
]


@pytest.mark.parametrize("text,entry_id", CUSTOM_VJP_OUTPUT_MESSAGES)
def test_match_custom_vjp_outputs(catalog: Catalog, text: str, entry_id: str):
    assert _ids(catalog.match(text)) == [entry_id]


def test_generic_unpacking_messages_need_their_frame(catalog: Catalog):
    """Python's unpacking messages name JXE042 only next to the jax_custom_vjp3 fwd call."""
    bare = "ValueError: too many values to unpack (expected 2)"
    assert catalog.match(bare) == []
    frame = ('  File "/site-packages/jax/_src/hijax.py", line 988, in rule\n'
             "    out, res = fwd(*args_[2:])\n")
    assert _ids(catalog.match(frame + bare)) == ["custom-vjp-fwd-not-pair"]
    # JAX's own words for a scalar unpacked there: the fwd rule's entry next to the frame,
    # the general one (scalar-array-iteration) without it.
    scalar = "TypeError: iteration over a 0-d array"
    assert _ids(catalog.match(scalar)) == ["scalar-array-iteration"]
    assert _ids(catalog.match(frame + scalar))[0] == "custom-vjp-fwd-not-pair"


@pytest.mark.parametrize("text,entry_id", [
    ("ValueError: unexpected JAX type (e.g. shape/dtype) for gradient ref passed to the VJP "
     "function's `with_refs` method for the argument at position args[0]['w'] of the "
     "differentiated function loss at x.py:4: the given ref has type Ref{float32[2]}, but "
     "accumulating this argument's gradient requires a ref of type Ref{float32[3,2]}",
     "vjp-with-refs-ref-type"),
    ("ValueError: the gradient for the argument at position args[0] of the differentiated "
     "function f at x.py:3, which is Ref-typed, can't be returned as a value. In the arguments "
     "to the VJP function's `with_refs` method, pass a `Ref` for it, to accumulate the gradient "
     "into the ref in-place, or pass `jax.ad.DontWant()` to skip computing this argument's "
     "gradient.", "vjp-ref-primal-grad-value"),
])
def test_match_ref_gradients(catalog: Catalog, text: str, entry_id: str):
    scored = catalog.match_scored(text)
    assert _ids([m.entry for m in scored]) == [entry_id] and scored[0].full


def test_partial_pastes(catalog: Catalog):
    # Only the first line, or only the itemized line, of the with_refs error.
    first = "ValueError: unexpected tree structure in the arguments to a VJP function's `with_refs` method."
    item = REFS_MESSAGE.splitlines()[-1]
    for text in (first, item):
        scored = catalog.match_scored(text)
        assert _ids([m.entry for m in scored]) == ["vjp-with-refs-tree-mismatch"]
        assert not scored[0].full
    # A message cut short: both defvjp_with_logs entries share this start (and rank above the
    # defvjp_with_accums entry, which shares less of it).
    cut = "Custom VJP bwd rule was registered with defvjp_with_logs"
    assert set(_ids(catalog.match(cut))[:2]) == {"custom-vjp-logs-not-dict", "custom-vjp-bwd-not-pair"}
    cut = "was registered with defvjp_with_logs, and so the second element of the pair"
    assert _ids(catalog.match(cut)) == ["custom-vjp-logs-not-dict"]
    # A whole template outranks a partial one.
    both = LOGS_LIST + "\n" + "Custom VJP bwd rule was registered with defvjp_with_logs and so must"
    scored = catalog.match_scored(both)
    assert scored[0].entry.id == "custom-vjp-logs-not-dict" and scored[0].full


@pytest.mark.parametrize("text", [
    "", "   \n", "hello world", "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
    # Neighbouring JAX errors that share words with the catalogued ones.
])
def test_no_match(catalog: Catalog, text: str):
    assert catalog.match(text) == []


def test_match_on_large_input(catalog: Catalog):
    # (its speed is measured in bench/, not here: the machines are shared; a hang would hit
    # the test timeout)
    junk = ("  File \"/x/y.py\", line 1, in f\n    do_something(args, more_args)\n" * 20000)
    assert catalog.match(junk) == []
    assert _ids(catalog.match(junk + "TypeError: " + LOGS_LIST)) == ["custom-vjp-logs-not-dict"]


# --------------------------------------------------------------------------------------------
# Rendering


def test_render_markdown(catalog: Catalog):
    entry = catalog.get("vjp-with-refs-tree-mismatch")
    text = render_markdown(entry)
    assert text.startswith("### JXE001")
    assert entry.title in text and entry.summary in text
    assert "**ValueError**" in text
    assert "```text\n" + entry.readable(entry.message) + "\n```" in text
    assert "**What it means**" in text and entry.meaning.strip() in text
    assert "Why this code triggers it" not in text
    for i, solution in enumerate(entry.solutions, 1):
        assert f"{i}. {solution}" in text
    assert "```python\n" + entry.example_before.strip("\n") + "\n```" in text
    assert "```python\n" + entry.example_after.strip("\n") + "\n```" in text
    for item in entry.defensive:
        assert item.strip("\n") in text
    assert "custom-vjp-logs-not-dict (JXE002)" in text
    assert "jax/_src/api.py:1825" in text
    assert text.count("```") % 2 == 0

    why = "`params` is a dict, but the refs passed for it are a tuple."
    with_why = render_markdown(entry, why=why)
    assert "**Why this code triggers it**" in with_why and why in with_why
    assert with_why.index(why) < with_why.index("**How to fix it**")


def test_render_text(catalog: Catalog):
    entry = catalog.get("custom-vjp-logs-not-dict")
    text = render_text(entry)
    assert text.startswith("JXE002 custom-vjp-logs-not-dict: " + entry.title)
    assert "```" not in text and "**" not in text
    assert "TypeError raised by JAX:" in text
    assert "    " + entry.readable(entry.message).splitlines()[0] in text
    assert "but got ‹type of the logs›." in text and "{type(logs).__name__}" not in text
    assert "or, on another path:" in text and "Custom VJP bwd rule ‹the bwd function› was" in text
    assert "What it means:" in text and "How to fix it:" in text and "  1. " in text
    assert "    def scaled_product_bwd(res, g):" in text  # examples indented as code
    assert "Related:" in text and "custom-vjp-bwd-not-pair (JXE003)" in text
    assert "jax/_src/hijax.py:1047 in _custom_vjp_bwd.rule" in text
    assert "Why this code triggers it:" in render_text(entry, why="the logs are a list")
    meaning = text.split("What it means:\n")[1].split("\n\n")[0].splitlines()
    assert len(meaning) > 3 and max(len(line) for line in meaning) <= 88  # wrapped prose


@pytest.mark.parametrize("entry_id", ENTRY_IDS)
def test_explain_and_hover_show_placeholders_in_words(catalog: Catalog, entry_id: str):
    """No raw f-string code (`{thing1}`, `{type(logs).__name__}`) reaches a reader: each
    placeholder is shown as its description, in ‹ ›; the raw templates stay for matching."""
    entry = catalog.get(entry_id)
    names = dict(entry.placeholders)
    for rendered in (render_text(entry), render_markdown(entry)):
        for template in entry.messages:
            for kind, value in template_parts(template):
                if kind == "field":
                    assert f"‹{names[value]}›" in rendered
                    assert "{" + value + "}" not in rendered, value


def test_entry_readable_template():
    entry = load_catalog().get("custom-vjp-logs-not-dict")
    assert entry.readable("got {type(logs).__name__} and {{x}}") == "got ‹type of the logs› and {x}"


@pytest.mark.parametrize("old,new,field,words", [
    ('"py_cts_in" = "what the bwd rule returned"\n', "", "placeholders", ["py_cts_in", "no description"]),
    ('"py_cts_in" = "what the bwd rule returned"\n',
     '"py_cts_in" = "what the bwd rule returned"\n"nope" = "x"\n', "placeholders.nope",
     ["not a placeholder"]),
    ('"py_cts_in" = "what the bwd rule returned"', '"py_cts_in" = ""', "placeholders.py_cts_in",
     ["non-empty"]),
    ('"py_cts_in" = "what the bwd rule returned"', '"py_cts_in" = "‹x›"', "placeholders.py_cts_in",
     ["words only"]),
])
def test_placeholders_must_describe_every_placeholder(tmp_path, old, new, field, words):
    directory = _copy_catalog(tmp_path)
    _edit(directory / NOT_PAIR, old, new)
    _assert_error(directory, NOT_PAIR, field, *words)


def test_source_exception_and_generic_sites(tmp_path):
    """A raise site may raise its own exception; a generic site (Python's own message) is
    recognized only in a traceback that shows its frame."""
    directory = _copy_catalog(tmp_path)
    path = directory / NOT_PAIR
    path.write_text(path.read_text(encoding="utf-8") + (
        '\n[[source]]\nfile = "jax/_src/hijax.py"\nfunction = "rule"\nline = 993\n'
        'exception = "ValueError"\ngeneric = true\n'
        'message = "too many values to unpack (expected 2)"\n'), encoding="utf-8")
    catalog = load_catalog(directory)
    entry = catalog.get("custom-vjp-bwd-not-pair")
    assert entry.exceptions == ("TypeError", "ValueError")
    assert catalog.match("ValueError: too many values to unpack (expected 2)") == []
    traceback = ('  File "/x/site-packages/jax/_src/hijax.py", line 993, in rule\n'
                 "    out, res = fwd(*args)\n"
                 "ValueError: too many values to unpack (expected 2)\n")
    assert [e.id for e in catalog.match(traceback)] == ["custom-vjp-bwd-not-pair"]
    _edit(directory / NOT_PAIR, "generic = true", 'generic = "yes"')
    _assert_error(directory, NOT_PAIR, "source[2].generic", "true or false")


# --------------------------------------------------------------------------------------------
# The example programs (run under JAX in test_catalog_jax.py, through the engine in
# test_examples.py)


def test_examples_come_in_pairs_and_cover_every_entry(catalog: Catalog):
    triggers = sorted(p.name for p in (EXAMPLES / "triggers").glob("*.py"))
    fixed = sorted(p.name for p in (EXAMPLES / "fixed").glob("*.py"))
    assert triggers == fixed
    covered = set()
    for name in triggers:
        match = re.fullmatch(r"(jxe\d{3})_[a-z0-9_]+\.py", name)
        assert match, name
        covered.add(catalog.by_rule(match.group(1).upper()).id)
    # Every entry a rule flags has a trigger (a `static_rule = false` entry may have one).
    assert {e.id for e in catalog if e.static_rule} <= covered <= set(catalog.ids())



UNHASHABLE = "static-argument-unhashable.toml"


@pytest.mark.parametrize("old,new,field,words", [
    ('file = "jaxlib/jax_jit.h"', 'file = "jaxlib/jax_jit.py"', "source[0].file", [".h or .cc"]),
    ('library = "jaxlib/libjax_common.so"', 'library = "/abs/libjax_common.so"', "source[0].library",
     ["relative path"]),
    ('library = "jaxlib/libjax_common.so"', 'library = "jaxlib/libjax_common.so"\ngeneric = true\n'
     'message = "x {y}"', "source[0].library", ["neither generic nor built"]),
    ('library = "jaxlib/libjax_common.so"\n', "", "source[0].file", [".py"]),
])
def test_compiled_raise_sites(tmp_path, old, new, field, words):
    """A raise in jaxlib's C++ names its C++ source and the installed library carrying it."""
    directory = _copy_catalog(tmp_path)
    _edit(directory / UNHASHABLE, old, new)
    _assert_error(directory, UNHASHABLE, field, *words)


def test_matching_constrains_what_a_placeholder_shows_in_a_paste() -> None:
    """float-shape's template is a prefix of traced-shape's: its `[matching]` regex makes it
    claim only a shape printed with a float in it, and no paste cut before the shape."""
    catalog = load_catalog()
    prefix = "TypeError: Shapes must be 1D sequences of concrete values of integer type"
    floats = f"{prefix}, got (24.0, 24.0, 4)."
    traced = f"{prefix}, got (Traced<ShapedArray(int32[])>with<DynamicJaxprTrace>, 3).\nIf using `jit`"
    assert catalog.match(floats)[0].id == "float-shape"
    assert catalog.match(traced)[0].id == "traced-shape"
    assert "float-shape" not in [entry.id for entry in catalog.match(prefix)]


def test_jax_function_names_a_function_of_jax_only() -> None:
    """jax-call-arguments' `{jax_function}`: Python refuses every library's calls in the same
    words; the entry claims a paste only for a name one of JAX's public functions has."""
    catalog = load_catalog()
    assert catalog.match("TypeError: softmax() got an unexpected keyword argument 'dim'")[0].id == "jax-call-arguments"
    assert "jax-call-arguments" not in [
        e.id for e in catalog.match("TypeError: forward() got an unexpected keyword argument 'dim'")]
