"""Hostile inputs, each through `engine.analyze` and through the real CLI (a subprocess with a
timeout): a clear outcome, no crash, no hang, bounded work, and findings at exactly the right
place in the text as the user has it.

The small cases share one CLI run over a folder (one file per case); the big ones (100,000
lines, a 5 MB line) run on their own.
"""

from __future__ import annotations

import json
import re
import warnings
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from jaxerr_lsp import cli
from jaxerr_lsp.engine.run import analyze
from tests.case_files import TRIGGER_WORDS
from tests.case_files import case as rule_case

# A bwd rule registered with defvjp_with_logs that returns a string: JXE003 on "not a pair".
TRIGGER = rule_case("custom-vjp-bwd-not-pair", "not_pair_string").source
FLAGGED = '"not a pair"'
BOM = "\ufeff"
_BREAK = re.compile(r"\r\n|\r|\n")


def position(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """(1-based line, 0-based character column) of `needle` in `text`, with Python's line
    breaks (\\r\\n, \\r, \\n; not form feeds). A BOM counts as a character of line 1, as the
    engine counts it."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    lines = _BREAK.split(text[:index])
    return len(lines), len(lines[-1])


def expected_span(text: str, needle: str = FLAGGED) -> tuple[int, int, int, int]:
    line, column = position(text, needle)
    return line, column, line, column + len(needle)


def spans(analysis, code: str = "JXE003") -> list[tuple[int, int, int, int]]:
    return [(f.span.start_line, f.span.start_column, f.span.end_line, f.span.end_column)
            for f in analysis.findings if f.code == code]


def run_cli(*args: str, cwd: Path, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", "check", "--format", "json",
                           "--show-notes", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout)


def cli_spans(findings: list[dict], name: str, code: str = "JXE003") -> list[tuple[int, int, int, int]]:
    """Positions from the CLI's JSON, back in the engine's convention (0-based columns)."""
    return [(f["line"], f["column"] - 1, f["end_line"], f["end_column"] - 1)
            for f in findings if Path(f["path"]).name == name and f["code"] == code]


def no_internal_error(notes: list[str]) -> None:
    for note in notes:
        assert "internal error" not in note.lower(), note
        assert "skipped" not in note.lower(), note


# ------------------------------------------------------------------------------------ cases
@dataclass
class Case:
    name: str
    data: bytes  # the file's bytes
    text: str  # the text the engine gets (decoded as Python decodes it)
    flagged: list[tuple[int, int, int, int]]  # JXE003 spans, engine convention
    note: str | None = None  # a substring one of the notes must hold
    cli_columns_shift: dict[int, int] = field(default_factory=dict)  # line -> shift for the CLI


def _utf8(name: str, text: str, note: str | None = None, flagged=None) -> Case:
    return Case(name, text.encode("utf-8"), text,
                [expected_span(text)] if flagged is None else flagged, note)


DEEP = {
    # Deeper than the tokenizer's 200 levels: a SyntaxError the repair cuts out.
    "parens": "x = " + "(" * 1000 + "1" + ")" * 1000,
    "negated_parens": "x = " + "-(" * 1000 + "1" + ")" * 1000,
    "lists": "x = " + "[" * 1000 + "]" * 1000,
    "dicts": "x = " + "{'a': " * 1000 + "1" + "}" * 1000,
    "calls_nested": "x = " + "f(" * 1000 + ")" * 1000,
    # Parsed by CPython (no brackets), nested 1,000 deep in the tree.
    "unary_minus": "x = " + "-" * 1000 + "1",
    "not": "x = " + "not " * 1000 + "a",
    "lambdas": "x = " + "lambda: " * 1000 + "1",
    "await_chain": "async def g():\n    return " + "await " * 1000 + "a",
    # 100,000 long: CPython's parser or AST construction overflows (RecursionError).
    "plus_chain": "x = " + "+".join(["a"] * 100_000),
    "attribute_chain": "x = a" + ".b" * 100_000,
    "call_chain": "x = f" + "()" * 100_000,
    # 100,000 long and flat: parsed, and must not take long.
    "and_chain": "x = " + " and ".join(["a"] * 100_000),
    "tuple": "x = " + ", ".join(["a"] * 100_000),
    "string_concat": "x = " + " ".join(['"a"'] * 100_000),
    # 100 nested blocks: "too many levels of indentation".
    "indentation": "".join("    " * i + "if x:\n" for i in range(100)) + "    " * 100 + "pass",
    # Helpers that call the next one twice, 30 deep: followed once per distinct call, not
    # once per path (2**30).
    "helpers_calling_helpers": "import jax.numpy as jnp\ndef f0(x):\n    return jnp.sin(x)\n"
    + "".join(f"def f{i}(x):\n    return f{i - 1}(x) + f{i - 1}(x * 2)\n" for i in range(1, 31))
    + "y = jnp.dot(f30(jnp.ones(3)), jnp.ones(3))",
    # A loop whose counter is bumped on 24 paths, each ending in `continue`: every `i += 1`
    # reaches every other one; their values are worked out within a budget, not along every
    # order (24!).
    "counter_bumped_on_every_path": "import jax.numpy as jnp\nparts = []\ni = 0\nwhile i < len(parts):\n"
    + "".join(f"    if parts[i] == {k}:\n        i += 1\n        continue\n" for k in range(24))
    + "    i += 1\nif i > 0:\n    print(jnp.zeros(3))",
}


def _deep_cases() -> list[Case]:
    out = []
    for name, statement in DEEP.items():
        before = statement + "\n" + TRIGGER  # the hostile statement, then the trigger
        after = TRIGGER + statement + "\n"  # the trigger, then the hostile statement
        out.append(_utf8(f"deep_{name}_before.py", before))
        out.append(_utf8(f"deep_{name}_after.py", after))
    return out


def _line_ending_cases() -> list[Case]:
    crlf = TRIGGER.replace("\n", "\r\n")
    cr = TRIGGER.replace("\n", "\r")
    lines = TRIGGER.split("\n")
    breaks = ["\r\n", "\r", "\n"]
    mixed = "".join(line + breaks[i % 3] for i, line in enumerate(lines[:-1]))
    # Form feeds: a line of its own, at the start of a line, and inside the flagged line's
    # indentation (the tokenizer resets its column count at a form feed).
    ff = ("\f\n" + TRIGGER.replace("\ndef f_bwd", "\n\f\ndef f_bwd")
          .replace('    return "not a pair"', '  \f  return "not a pair"')
          .replace("f.defvjp_with_logs", "\ff.defvjp_with_logs"))
    tabs = TRIGGER.replace("    ", "\t").replace('\treturn "not a pair"', '\treturn\t\t"not a pair"')
    tabs_mixed = TRIGGER.replace('    return "not a pair"', '\t x = 1;\treturn "not a pair"')
    return [_utf8("crlf.py", crlf), _utf8("lone_cr.py", cr), _utf8("mixed_breaks.py", mixed),
            _utf8("form_feeds.py", ff), _utf8("tabs.py", tabs), _utf8("tabs_mixed.py", tabs_mixed)]


def _encoding_cases() -> list[Case]:
    out = []
    # A BOM, and the flagged expression right after it on line 1.
    bom_text = BOM + textwrap.dedent('''\
        def f_bwd(r, g): return "not a pair"
        import jax
        @jax.custom_vjp
        def f(x): return x
        f.defvjp_with_logs(lambda x: (x, None), f_bwd)
    ''')
    case = _utf8("bom_line1.py", bom_text)
    case.cli_columns_shift = {1: -1}  # the CLI prints columns as editors show them: no BOM
    out.append(case)
    out.append(_utf8("bom.py", BOM + TRIGGER))
    # latin-1 with a coding cookie: é, ü, ß before the flagged expression on its line.
    latin = ("# -*- coding: latin-1 -*-\n# caf\xe9 cr\xe8me br\xfbl\xe9e\n"
             + TRIGGER.replace('    return "not a pair"', '    \xe9\xfc\xdf = "\xe7a"; return "not a pair"'))
    out.append(Case("latin1.py", latin.encode("latin-1"), latin, [expected_span(latin)]))
    # A flagged expression holding latin-1 characters itself.
    latin_flag = "# coding: latin-1\n" + TRIGGER.replace('"not a pair"', '"\xe7a, pas une paire"')
    out.append(Case("latin1_flagged.py", latin_flag.encode("latin-1"), latin_flag,
                    [expected_span(latin_flag, '"\xe7a, pas une paire"')]))
    # Characters outside the BMP (2 UTF-16 units, 4 UTF-8 bytes) before the flagged expression.
    astral = TRIGGER.replace('    return "not a pair"', '    "\U0001d11e\U0001f389"; return "not a pair"')
    out.append(_utf8("astral.py", astral))
    # NUL bytes: in a comment, in a string, and right before the flagged expression.
    nul = ("# \0 nul in a comment\n" + TRIGGER.replace("import jax", "import jax\nx = 'a\0b'")
           .replace('return "not a pair"', 'return\0"not a pair"'))
    out.append(_utf8("nul.py", nul, note="NUL"))
    out.append(_utf8("nul_only.py", "\0" * 64, flagged=[]))
    out.append(_utf8("empty.py", "", flagged=[]))
    out.append(_utf8("bom_only.py", BOM, flagged=[]))
    out.append(_utf8("newlines_only.py", "\n\r\n\r" * 1000, flagged=[]))
    out.append(_utf8("trigger_words_only.py", " ".join(TRIGGER_WORDS), flagged=[]))
    return out


SMALL_CASES = {case.name: case for case in [*_deep_cases(), *_line_ending_cases(), *_encoding_cases()]}
UNDECODABLE = {
    "undecodable_utf8.py": b"x = '\xff\xfe\xfa'\n",
    "undecodable_cookie.py": b"# -*- coding: no-such-codec -*-\nx = 1\n",
    "undecodable_bom_cookie.py": b"\xef\xbb\xbf# -*- coding: latin-1 -*-\nx = 1\n",
}


@pytest.fixture(scope="module")
def cli_batch(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess, list[dict]]:
    """One CLI run over a folder holding every small case and the undecodable files."""
    folder = tmp_path_factory.mktemp("pathological") / "cases"
    folder.mkdir()
    for case in SMALL_CASES.values():
        (folder / case.name).write_bytes(case.data)
    for name, data in UNDECODABLE.items():
        (folder / name).write_bytes(data)
    done = run_cli("cases", cwd=folder.parent, timeout=300)
    try:
        findings = json.loads(done.stdout)
    except ValueError:
        pytest.fail(f"the CLI printed no JSON (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return folder, done, findings


def _check_small(name: str, cli_batch) -> None:
    case = SMALL_CASES[name]
    # The engine.
    assert cli.decode_source(case.data) == case.text.removeprefix("\ufeff")  # the CLI drops a BOM
    analysis = analyze(case.text, None, name)
    no_internal_error(analysis.notes)
    assert spans(analysis) == case.flagged, analysis.notes
    if case.note:
        assert any(case.note in n for n in analysis.notes), analysis.notes
    for finding in analysis.findings:  # the span covers exactly the flagged text
        lines = _BREAK.split(case.text)
        assert lines[finding.span.start_line - 1][finding.span.start_column:finding.span.end_column] \
            in (FLAGGED, '"\xe7a, pas une paire"')
    # The CLI.
    folder, done, findings = cli_batch
    expected = [(line, column + case.cli_columns_shift.get(line, 0), end_line,
                 end_column + case.cli_columns_shift.get(end_line, 0))
                for line, column, end_line, end_column in case.flagged]
    assert cli_spans(findings, name) == expected
    for line in done.stderr.splitlines():
        if line.startswith(f"cases/{name}:") or line.startswith(str(folder / name)):
            assert "internal error" not in line.lower(), line


@pytest.mark.parametrize("name", sorted(n for n in SMALL_CASES if n.startswith("deep_")))
def test_deep_nesting(name, cli_batch):
    """Nested 1,000 deep or chained 100,000 long: the hostile statement is left out (with a
    note when it does not parse) and the trigger before or after it is still found."""
    _check_small(name, cli_batch)


@pytest.mark.parametrize("name", ["crlf.py", "lone_cr.py", "mixed_breaks.py", "form_feeds.py",
                                  "tabs.py", "tabs_mixed.py"])
def test_line_endings_tabs_form_feeds(name, cli_batch):
    _check_small(name, cli_batch)


@pytest.mark.parametrize("name", ["bom.py", "bom_line1.py", "latin1.py", "latin1_flagged.py",
                                  "astral.py", "nul.py"])
def test_encodings_and_bytes(name, cli_batch):
    _check_small(name, cli_batch)


@pytest.mark.parametrize("name", ["empty.py", "nul_only.py", "bom_only.py", "newlines_only.py",
                                  "trigger_words_only.py"])
def test_empty_and_degenerate_files(name, cli_batch):
    _check_small(name, cli_batch)


def test_cli_batch_outcome(cli_batch):
    """The whole folder: exit 2 (undecodable files), each named clearly on stderr, every other
    file still checked, no internal error."""
    folder, done, findings = cli_batch
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("jaxerr: error:")]
    # every error is an undecodable file or a file Python cannot parse (never "passed")
    assert all("decode" in e or ": cannot parse: " in e for e in errors), done.stderr
    assert len([e for e in errors if "decode" in e]) == len(UNDECODABLE), done.stderr
    for name in UNDECODABLE:
        (line,) = [e for e in errors if name in e]
        assert "decode" in line
    assert "internal error" not in done.stderr.lower()
    checked = {Path(f["path"]).name for f in findings}
    expected = {name for name, case in SMALL_CASES.items() if case.flagged}
    # Every file with a trigger is in the output (the deep cases that lose their trigger are
    # reported by test_deep_nesting).
    assert expected - checked <= {n for n in expected if n.startswith("deep_")}


def test_undecodable_file_alone(tmp_path):
    """An undecodable file next to a good one: exit 2, a message naming the file and saying it
    cannot be decoded, and the good file's finding still printed."""
    (tmp_path / "a_bad.py").write_bytes(b"def f():\n    return '\xff'\n")
    (tmp_path / "b_good.py").write_text(TRIGGER, encoding="utf-8")
    done = run_cli(".", cwd=tmp_path)
    assert done.returncode == 2
    assert "a_bad.py" in done.stderr and "decode" in done.stderr
    findings = json.loads(done.stdout)
    assert cli_spans(findings, "b_good.py") == [
        (line, column, end_line, end_column) for line, column, end_line, end_column in
        [expected_span(TRIGGER)]]
    # Through the CLI's reading function directly: a ReadError, not a crash.
    with pytest.raises(cli.ReadError, match="decode"):
        cli.read_source(tmp_path / "a_bad.py")
    result = cli.check_file(tmp_path / "a_bad.py", cli.CheckOptions())
    assert result.error and "a_bad.py" in result.error


# ------------------------------------------------------------------------------------ big files
def _hundred_thousand_lines(broken: bool) -> str:
    body = []
    for i in range(25_000):
        body.append(f"def fn_{i}(a, b):\n    c = a + b * {i}\n    return c\n\n")
    text = TRIGGER + "".join(body)
    if broken:  # a syntax error in the middle, a second trigger after it
        lines = text.split("\n")
        lines[50_000] = "def broken(:"
        second = TRIGGER.split("import jax\n", 1)[1]
        text = "\n".join(lines) + re.sub(r"\bf(?=\b|_)", "f2", second)
    return text


@pytest.mark.timeout(600)
@pytest.mark.parametrize("broken", [False, True], ids=["clean", "syntax_error_in_the_middle"])
def test_hundred_thousand_lines(broken, tmp_path):
    text = _hundred_thousand_lines(broken)
    assert text.count("\n") >= 100_000
    first = expected_span(text)
    analysis = analyze(text, None, "big.py")
    no_internal_error(analysis.notes)
    found = spans(analysis)
    assert first in found
    if broken:
        last_line, last_column = position(text, FLAGGED, 1)
        assert (last_line, last_column, last_line, last_column + len(FLAGGED)) in found
        assert any("syntax error at line 50001" in n for n in analysis.notes), analysis.notes
    (tmp_path / "big.py").write_text(text, encoding="utf-8")
    done = run_cli("big.py", cwd=tmp_path, timeout=300)
    # findings (1), and a file that does not parse is an error (2), its parsed parts checked
    assert done.returncode == (2 if broken else 1), done.stderr
    assert ("big.py:50001:" in done.stderr and ": cannot parse: " in done.stderr) == broken, done.stderr
    assert cli_spans(json.loads(done.stdout), "big.py") == found


@pytest.mark.timeout(600)
def test_five_megabyte_single_line(tmp_path):
    """A 5 MB string on one line before the trigger, and a 5 MB line that holds a finding."""
    blob = "a" * 5_000_000
    text = f'BLOB = "{blob}"\n' + TRIGGER
    logs = (TRIGGER.replace('return "not a pair"', 'return (g,), []')
            + f'f.defvjp_with_logs(f_fwd, lambda r, g: ((g,), "{blob}"))\n')
    for name, source in (("blob.py", text), ("long_line_finding.py", logs)):
        (tmp_path / name).write_text(source, encoding="utf-8")
    analysis = analyze(text, None, "blob.py")
    no_internal_error(analysis.notes)
    assert spans(analysis) == [expected_span(text)]
    analysis = analyze(logs, None, "long_line_finding.py")
    no_internal_error(analysis.notes)
    jxe002 = spans(analysis, "JXE002")
    line, column = position(logs, f'"{blob}"')
    assert (line, column, line, column + len(blob) + 2) in jxe002
    done = run_cli(".", cwd=tmp_path, timeout=300)
    assert done.returncode == 1, done.stderr[-2000:]
    findings = json.loads(done.stdout)
    assert cli_spans(findings, "blob.py") == [expected_span(text)]
    assert (line, column, line, column + len(blob) + 2) in cli_spans(findings, "long_line_finding.py", "JXE002")


def test_message_of_a_huge_expression_is_bounded():
    """A flagged expression of 5 MB: the diagnostic's message names it, shortened; a message of
    megabytes is useless in an editor and in CI logs."""
    blob = "a" * 5_000_000
    text = ("import jax\n@jax.custom_vjp\ndef f(x):\n    return x\n"
            f'f.defvjp_with_logs(lambda x: (x, None), lambda r, g: "{blob}")\n')
    analysis = analyze(text, None, "huge.py")
    (finding,) = analysis.findings
    assert finding.code == "JXE003"
    assert len(finding.message) < 2_000


def test_parser_warnings_do_not_leak(tmp_path):
    """The user's `"\\e"` makes `ast.parse` warn; that is not jaxerr's output (not on the CLI's
    stderr, not as a Python warning from `analyze`)."""
    text = 'x = "\\e"\n' + TRIGGER
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        analysis = analyze(text, None, "warn.py")
    assert spans(analysis) == [expected_span(text)]
    assert [str(w.message) for w in caught] == []
    (tmp_path / "warn.py").write_text(text, encoding="utf-8")
    done = run_cli("warn.py", cwd=tmp_path)
    assert done.returncode == 1
    assert "Warning" not in done.stderr, done.stderr
