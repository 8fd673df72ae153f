"""The incremental analysis of an open document (jaxerr_lsp.engine.incremental) gives exactly
what a whole analysis of the same text gives: after every edit of random edit sequences on
real files of this repository and on generated notebook-like programs, and on every case file
analysed in slices from scratch. The slicing itself (jaxerr_lsp.analysis.module_slices) is
tested on the dependencies it must see."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from jaxerr_lsp.analysis.module_slices import chunks_of, slices_of, unsliceable
from jaxerr_lsp.core.findings import Analysis
from jaxerr_lsp.core.source import parse_quietly, split_lines
from jaxerr_lsp.engine.incremental import Document
from jaxerr_lsp.engine.run import analyze

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "cases").rglob("*.py"))
EXAMPLES = sorted((ROOT / "examples").rglob("*.py"))
PROJECTS = sorted((ROOT / "tests" / "projects").rglob("*.py"))


def outcome(analysis: Analysis) -> tuple[object, ...]:
    """Everything an analysis says, the rules' fix data and predictions included."""
    return ([f.to_json() for f in analysis.findings],
            [(s.span, s.structure) for s in analysis.inferred],
            [repr(o) for o in analysis.outgoing], analysis.notes, analysis.parsed_fully,
            analysis.syntax_error)


def whole(text: str, path: str) -> tuple[object, ...]:
    return outcome(analyze(text, None, path, package="pkg", outgoing=True))


# ------------------------------------------------------------------------------ edits
PALETTE = list("abxyz019 _()[]{}:=.,#'\"\n\t+*@") + ["\n    ", "    ", "jnp.", "jax.jit(", "\\"]


def edit(text: str, rng: random.Random, donors: list[str]) -> str:
    """One random edit, of the kinds typing and editing make: a character typed or deleted,
    a line deleted, duplicated, moved, indented or dedented, pasted from another file, a
    name renamed everywhere or once."""
    lines = text.split("\n")
    kind = rng.randrange(9)
    if kind == 0 or not text:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(PALETTE) + text[at:]
    if kind == 1:
        at = rng.randrange(len(text))
        return text[:at] + text[at + rng.randint(1, 12):]
    at = rng.randrange(len(lines))
    if kind == 2:
        del lines[at]
    elif kind == 3:
        lines.insert(at, lines[at])
    elif kind == 4:
        moved = lines.pop(at)
        lines.insert(rng.randrange(len(lines) + 1), moved)
    elif kind == 5:
        lines[at] = "    " + lines[at]
    elif kind == 6:
        lines[at] = lines[at][4:] if lines[at].startswith("    ") else lines[at].lstrip()
    elif kind == 7:
        donor = rng.choice(donors).split("\n")
        start = rng.randrange(len(donor))
        lines[at:at] = donor[start:start + rng.randint(1, 6)]
    else:
        names = sorted({n.id for n in ast.walk(_tree(text)) if isinstance(n, ast.Name)}) or ["x"]
        old, new = rng.choice(names), rng.choice(names + ["renamed"])
        joined = "\n".join(lines)
        return joined.replace(old, new) if rng.random() < 0.5 else joined.replace(old, new, 1)
    return "\n".join(lines)


def _parses(text: str) -> bool:
    return bool(_tree(text).body) or not text.strip()


def _tree(text: str) -> ast.Module:
    try:
        return parse_quietly(text)
    except (SyntaxError, ValueError):
        return ast.Module(body=[], type_ignores=[])


def notebook_like(rng: random.Random, count: int) -> str:
    """A module made of several example and case files one after the other, as a notebook's
    cells run: the same names bound again and again, imports repeated, many findings."""
    return "\n\n".join(rng.choice(EXAMPLES + CASES).read_text() for _ in range(count))


def run_edits(text: str, path: str, rng: random.Random, count: int, donors: list[str],
              stats: dict[str, int]) -> None:
    document = Document(whole_first=rng.random() < 0.5)
    history = [text]  # the versions that parse: undo goes back to one
    for step in range(count + 1):
        if step:
            broken = not _parses(text)
            text = rng.choice(history) if rng.random() < (0.6 if broken else 0.1) \
                else edit(text, rng, donors)
            if _parses(text):
                history.append(text)
        got = outcome(document.analyze(text, None, path, package="pkg", outgoing=True))
        assert got == whole(text, path), (path, step, text)
        how = document.stats
        key = how.mode if how.mode != "slices" else (
            "slices, part parsed" if how.reparsed_lines < len(split_lines(text)) else "slices")
        stats[key] = stats.get(key, 0) + 1
        if how.mode == "slices" and how.analysed < how.slices:
            stats["slices reused"] = stats.get("slices reused", 0) + 1


def test_random_edits_give_what_the_whole_analysis_gives() -> None:
    rng = random.Random(20261204)
    donors = [p.read_text() for p in EXAMPLES]
    files = rng.sample(CASES, 40) + EXAMPLES + rng.sample(PROJECTS, min(6, len(PROJECTS)))
    stats: dict[str, int] = {}
    for path in files:
        run_edits(path.read_text(), str(path), rng, 12, donors, stats)
    for number in range(10):
        run_edits(notebook_like(rng, 8), f"/tmp/notebook{number}.py", rng, 25, donors, stats)
    # The edits did exercise the incremental path: parts parsed again, slices reused.
    total = sum(v for k, v in stats.items() if k != "slices reused")
    assert stats.get("slices, part parsed", 0) > total // 3, stats
    assert stats.get("slices reused", 0) > total // 5, stats
    assert stats.get("whole", 0) > 0, stats  # and syntax errors went through the whole path


@pytest.mark.parametrize("path", CASES + EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_slices_from_scratch_give_what_the_whole_analysis_gives(path: Path) -> None:
    text = path.read_text()
    document = Document(whole_first=False)  # each slice analysed on its own
    found = document.analyze(text, None, str(path), package="pkg", outgoing=True)
    assert outcome(found) == whole(text, str(path))
    if not found.findings or document.stats.mode != "slices":
        return
    # Lines added between statements move the findings below (and their fix data): a line
    # right after each statement in turn, the same document edited each time.
    lines = text.split("\n")
    ends = sorted({s.end_lineno or s.lineno for s in ast.parse(text).body})
    for end in random.Random(str(path)).sample(ends, min(3, len(ends))):
        moved = "\n".join([*lines[:end], "", *lines[end:]])
        assert outcome(document.analyze(moved, None, str(path), package="pkg", outgoing=True)) \
            == whole(moved, str(path)), end


def test_an_edit_inside_one_function_analyses_its_slice_only() -> None:
    text = "\n".join(p.read_text() for p in EXAMPLES if p.parent.name == "triggers")
    text = "import jax\nimport jax.numpy as jnp\n\n" + "\n".join(
        f"def f{n}(x):\n    return jnp.sum(x) * {n}\n\n" for n in range(50)) + text
    document = Document()
    first = document.analyze(text)
    assert document.stats.mode == "slices" and document.stats.analysed == document.stats.slices
    edited = text.replace("return jnp.sum(x) * 7\n", "return jnp.sum(x) * 70\n")
    second = document.analyze(edited)
    assert document.stats.mode == "slices"
    assert document.stats.analysed == 1 and document.stats.slices > 50
    assert document.stats.reparsed_lines < 10
    assert outcome(second) == outcome(analyze(edited)) and second.findings == first.findings
    assert len(first.findings) > 10
    # Lines added above move what follows: its results move with it (but a finding that
    # may say a moved line's number is worked out again).
    moved = edited.replace("def f3(x):", "# Three.\n\ndef f3(x):")
    third = document.analyze(moved)
    assert document.stats.mode == "slices" and document.stats.analysed < document.stats.slices // 4
    assert outcome(third) == outcome(analyze(moved))
    assert [f.span.start_line for f in third.findings] == [f.span.start_line + 2 for f in first.findings]


def test_a_traced_functions_place_moves_with_it() -> None:
    """A finding saying where its traced function is (`f at path:12`, as JAX's message does)
    moves with its slice: the place in its words is the moved line, no slice is analysed
    again (a notebook: a line added in a cell moves every cell below). Other line numbers
    ("line 12") are worked out again."""
    path = "/tmp/notebook.ipynb"
    text = "\n\n".join(p.read_text() for p in sorted(CASES) if p.parent.name.startswith("tracer-"))
    document = Document()
    first = document.analyze(text, None, path)
    says = [f for f in first.findings if f"{path}:" in f.message]
    assert len(says) > 5
    for added in ("\n", "\n\n\n", "# a comment\n"):
        moved = added + text
        second = document.analyze(moved, None, path)
        assert document.stats.mode == "slices" and document.stats.analysed == 0, document.stats
        assert outcome(second) == outcome(analyze(moved, None, path))
        assert any(f"{path}:" in f.message and f not in first.findings for f in second.findings)
        document.analyze(text, None, path)
        assert document.stats.analysed == 0
    # Elsewhere in the words, or the path as the end of another file's: worked out again.
    from jaxerr_lsp.engine.incremental import _Unmovable, _Words

    words = _Words(path, lambda n: n + 1, lambda n: n >= 10)
    assert words(f"f at {path}:12 and {path}:3") == f"f at {path}:13 and {path}:3"
    for text in (f"f at {path}:12 line 11", "line 12", f"f at /other{path}:12", "x:12"):
        with pytest.raises(_Unmovable):
            words(text)


def test_statements_written_twice_keep_their_results() -> None:
    # A notebook repeats cells (`plt.show()`, the same check after each step): each copy is a
    # slice of its own, and an edit elsewhere analyses none of them again.
    cell = "x{n} = jnp.zeros(3)\nx{n}[0] = 1.0\n"
    repeated = "import jax.numpy as jnp\nimport matplotlib.pyplot as plt\n\n" + "".join(
        cell.format(n=n) + "plt.show()\nprint(jnp.ones(2))\n" for n in range(12))
    document = Document()
    first = document.analyze(repeated)
    assert len(first.findings) == 12
    edited = repeated.replace("x5 = jnp.zeros(3)", "x5 = jnp.zeros(4)")
    second = document.analyze(edited)
    assert document.stats.mode == "slices" and document.stats.analysed == 1, document.stats
    assert outcome(second) == outcome(analyze(edited))

# ------------------------------------------------------------------------------ slicing
def slices(source: str) -> list[list[str]]:
    """Each slice's own statements (first lines), the shared ones as the first slice."""
    tree = ast.parse(source)
    lines = split_lines(source)
    chunks = chunks_of(tree.body, lines)
    assert not unsliceable(chunks)
    cut = slices_of(chunks)
    shared = set(cut.shared)
    return [[lines[chunks[i].first - 1] for i in (members if n == 0 else
                                                   [i for i in members if i not in shared])]
            for n, members in enumerate(cut.slices)]


def test_statements_tied_by_names_share_a_slice_and_imports_are_shared() -> None:
    source = """import jax
import jax.numpy as jnp

def f(x):
    return jnp.sin(x)

def g(x):
    y = [x for x in range(3)]
    return y

h = jax.jit(f)

class Model:
    g = 1
    def apply(self, x):
        return helper(x)

def helper(x):
    return x
"""
    assert slices(source) == [["import jax", "import jax.numpy as jnp"],
                              ["def f(x):", "h = jax.jit(f)"],
                              ["def g(x):"],
                              ["class Model:", "def helper(x):"]]


def test_an_import_that_also_rebinds_a_defined_name_is_tied_to_its_readers() -> None:
    """`from jax import config, random` after `def config`: the import is no shared chunk
    (it rebinds `config`), so the statements reading `random` share its slice, and the slices
    give the whole analysis's findings (a key reused: JXE099)."""
    source = """def config(x):
    return x
from jax import config, random
rng = random.key(5)
perm = random.permutation(rng, 6)
idx = random.randint(rng, (3,), 0, 6)
"""
    assert slices(source) == [[], ["def config(x):", "from jax import config, random", "rng = random.key(5)",
                                   "perm = random.permutation(rng, 6)", "idx = random.randint(rng, (3,), 0, 6)"]]
    found = Document(whole_first=False).analyze(source, None, "keys.py")
    assert outcome(found) == whole(source, "keys.py")
    assert [f.code for f in found.findings] == ["JXE099"]


def test_what_hides_a_name_and_what_does_not() -> None:
    # A parameter, a local, a comprehension's target hide the module's name; a class body's
    # binding does not (a method reading `scale` reads the module's); `global` ties.
    source = """scale = 2.0

def uses_parameter(scale):
    return scale

def uses_local():
    scale = 3
    return scale

def uses_comprehension(xs):
    return [scale for scale in xs]

class Reads:
    scale = 1.0
    def method(self):
        return scale

def sets():
    global scale
    scale = 4.0
"""
    assert slices(source) == [[], ["scale = 2.0", "class Reads:", "def sets():"],
                              ["def uses_parameter(scale):"], ["def uses_local():"],
                              ["def uses_comprehension(xs):"]]


def test_a_changed_import_and_whole_module_effects_tie_everything() -> None:
    # `jax.tree_map = ...` changes what every reader of `jax` reads.
    source = "import jax\n\ndef f(x):\n    return jax.tree_map(g, x)\n\njax.tree_map = jax.tree.map\n"
    assert slices(source) == [[], ["import jax", "def f(x):", "jax.tree_map = jax.tree.map"]]
    # `jax.disable_jit()` anywhere: in every slice (and the names it reads with it).
    source = "import jax\n\ndef f(x):\n    return x\n\ndef main():\n    with jax.disable_jit():\n        f(1)\n\ndef g(y):\n    return y\n"
    assert slices(source) == [["import jax", "def f(x):", "def main():"], ["def g(y):"]]
    # A def's `<name>_fwd` / `<name>_bwd` go with it (a fix registers them by that name).
    source = "import jax\n\n@jax.custom_vjp\ndef f(x):\n    return x\n\ndef f_fwd(x):\n    return x, None\n"
    assert slices(source) == [["import jax"], ["@jax.custom_vjp", "def f_fwd(x):"]]


@pytest.mark.parametrize("source", [
    "from jax.numpy import *\nx = zeros(3)\n",
    "import jax\nglobals()['f'] = jax.jit\n",
    "import sys\nraise SystemExit\nx = 1\n",
    "while True:\n    pass\nx = 1\n",
    "class C:\n    return 1\nx = 1\n",  # `ast` takes a `return` there; the flow stops
    "import jax\nwith jax.named_scope('a'):\n    raise ValueError\nx = 1\n",
])
def test_modules_whose_names_cannot_be_followed_are_analysed_whole(source: str) -> None:
    tree = ast.parse(source)
    assert unsliceable(chunks_of(tree.body, split_lines(source)))
    document = Document()
    document.analyze(source + "import jax\n")
    assert document.stats.mode == "whole"


def test_the_server_worker_keeps_each_documents_analysis(tmp_path: Path) -> None:
    from jaxerr_lsp.server.worker import run_analysis

    path = tmp_path / "train.py"
    text = "import jax\nimport jax.numpy as jnp\n\n" + "".join(
        f"def f{n}(x):\n    return jnp.sum(x) * {n}\n\n\n" for n in range(20)) \
        + "x = jnp.zeros(3)\nx[0] = 1.0\n"
    path.write_text(text)
    first = run_analysis(text, str(path), {})
    assert [f.code for f in first.analysis.findings] == ["JXE080"]  # array-item-assignment
    assert first.done == "22 of 22 slice(s) analysed, 86 line(s) parsed", first.done
    edited = text.replace("* 7\n", "* 70\n")
    second = run_analysis(edited, str(path), {})
    assert second.done == "1 of 22 slice(s) analysed, 4 line(s) parsed", second.done
    assert second.analysis.findings == first.analysis.findings
    assert run_analysis(edited, str(path), {}).done == "unchanged"


def test_rules_say_line_numbers_as_moved_findings_expect() -> None:
    """A finding whose words say a line number is worked out again when its statement moves;
    the incremental analysis recognises a line number written `path:N` or `line N`. Every
    f-string of the rules, families and analysis that formats a line number writes it so."""
    package = ROOT / "jaxerr_lsp"
    offences = []
    for path in sorted([*package.glob("rules/**/*.py"), *package.glob("families/*.py"),
                        *package.glob("analysis/*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.JoinedStr):
                continue
            before = ""
            for part in node.values:
                if isinstance(part, ast.Constant):
                    before = str(part.value)
                    continue
                assert isinstance(part, ast.FormattedValue)
                value = part.value
                says_line = (isinstance(value, ast.Attribute) and value.attr in ("lineno", "end_lineno")) \
                    or (isinstance(value, ast.Name) and "line" in value.id and value.id != "lines")
                if says_line and not before.endswith((":", "line ", "lines ")):
                    offences.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
                before = ""
    assert offences == []
