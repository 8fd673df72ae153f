"""The `jaxerr` command line, run as a real subprocess: output formats, exit codes,
configuration, suppression comments, `explain` and `rules`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.engine.registry import all_rules
from tests.jax_runner import run_programs

TRIGGER = """\
import jax
import jax.numpy as jnp

def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x)
grads = f_vjp.with_refs((jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))), jax.new_ref(jnp.zeros(3)))(1.0)
"""

LOGS = """\
import jax

@jax.custom_vjp
def f(x):
    return x

f.defvjp_with_logs(lambda x: (x, None), lambda r, g: ((g,), [g]))
"""


def jaxerr(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "trigger.py").write_text(TRIGGER)
    (tmp_path / "pkg" / "logs.py").write_text(LOGS)
    (tmp_path / "pkg" / "clean.py").write_text("import jax\nprint(jax.numpy.ones(3))\n")
    return tmp_path


def test_text_output_like_ruff(project: Path) -> None:
    """One line per finding, `-->` lines for related locations, then what the fix options would
    do (these two findings have unsafe fixes only: no `[*]`)."""
    result = jaxerr("check", "pkg", cwd=project)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == ("pkg/logs.py:7:61: JXE002 TypeError: Custom VJP bwd rule was registered with "
                        "defvjp_with_logs, and so the second element of the pair it returns must be None "
                        "or a dict of backward-pass log entries, but got list.")
    assert lines[1] == "    --> pkg/logs.py:7:1: bwd rule registered with `defvjp_with_logs` here"
    assert lines[2].startswith("pkg/trigger.py:10:25: JXE001 ValueError: unexpected tree structure")
    related = [line for line in lines if line.startswith("    --> pkg/trigger.py:")]
    assert related == ["    --> pkg/trigger.py:9:14: primal arguments of `jax.vjp` here, "
                       "structured as ({'b': *, 'w': *}, *)"]
    assert lines[-2:] == ["Found 2 errors.",
                          "No safe fixes (2 with unsafe fixes: `--fix --unsafe-fixes`)."]


KEY_REUSE = """import jax
key = jax.random.key(0)
x = jax.random.normal(key, (3,))
y = jax.random.normal(key, (3,))
"""


def test_summary_says_warnings_as_warnings(project: Path) -> None:
    """A key drawn from twice is a warning (JAX raises nothing by default): the closing line
    counts it as one, beside the errors; the exit status still says something was found."""
    (project / "pkg" / "keys.py").write_text(KEY_REUSE)
    alone = jaxerr("check", "pkg/keys.py", cwd=project)
    assert alone.returncode == 1
    assert alone.stdout.splitlines()[-2] == "Found 1 warning."
    lines = jaxerr("check", "pkg", cwd=project).stdout.splitlines()
    assert lines[-2] == "Found 2 errors, 1 warning."


SAFE = (Path(__file__).parents[1] / "examples" / "triggers" / "jxe002_forgot_logs.py").read_text()


def test_text_output_marks_safe_fixes(project: Path) -> None:
    """`[*]` where `--fix` fixes the finding (with --unsafe-fixes, unsafe fixes count too), and
    the closing line says how many."""
    (project / "pkg" / "forgot.py").write_text(SAFE)
    lines = jaxerr("check", "pkg", cwd=project).stdout.splitlines()
    [forgot] = [line for line in lines if line.startswith("pkg/forgot.py:")]
    assert forgot.startswith("pkg/forgot.py:22:19: JXE002 [*] TypeError: ")
    assert not any(" [*] " in line for line in lines if line.startswith(("pkg/logs.py", "pkg/trigger.py")))
    assert lines[-2:] == ["Found 3 errors.",
                          "[*] 1 fixable with the `--fix` option (2 more with unsafe fixes: "
                          "`--fix --unsafe-fixes`)."]
    unsafe = jaxerr("check", "--unsafe-fixes", "pkg", cwd=project).stdout.splitlines()
    assert sum(" [*] " in line for line in unsafe) == 3
    assert unsafe[-1] == "[*] 3 fixable with the `--fix` option."


def test_format_has_help_text(project: Path) -> None:
    result = jaxerr("check", "--help", cwd=project)
    assert result.returncode == 0
    help_text = " ".join(result.stdout.split())
    assert "--format {text,json,sarif,github} text: one finding a line" in help_text
    assert "json: one array of findings" in help_text


def test_json_output_contract(project: Path) -> None:
    result = jaxerr("check", "--format", "json", "pkg", cwd=project)
    assert result.returncode == 1
    findings = json.loads(result.stdout)
    assert [f["code"] for f in findings] == ["JXE002", "JXE001"]
    first = findings[1]
    for key in ("path", "line", "column", "end_line", "end_column", "code", "catalog", "severity",
                "message", "fix"):
        assert key in first
    assert (first["line"], first["column"], first["end_line"], first["end_column"]) == (10, 25, 10, 106)
    line = TRIGGER.splitlines()[9]
    assert line[first["column"] - 1:first["end_column"] - 1].startswith("(jax.new_ref(")
    assert first["catalog"] == "vjp-with-refs-tree-mismatch" and first["severity"] == "error"
    fix = first["fix"]
    assert {"title", "applicability", "why", "edits"} <= set(fix) and fix["edits"]
    assert fix["applicability"] in ("safe", "unsafe")


def test_fix_in_place(project: Path) -> None:
    """--fix applies safe fixes only and says how many unsafe ones it left, and how to apply
    them; --unsafe-fixes applies the rest too. The result is clean."""
    unsafe_only = jaxerr("check", "--fix", "pkg/trigger.py", cwd=project)
    assert unsafe_only.returncode == 1
    assert (project / "pkg" / "trigger.py").read_text() == TRIGGER  # its fixes are unsafe
    assert unsafe_only.stdout.splitlines()[-2:] == [
        "Found 1 error.", "1 fix not applied because unsafe; add `--unsafe-fixes` to apply it too."]
    both = jaxerr("check", "--fix", "pkg", cwd=project)
    assert both.stdout.splitlines()[-1] == \
        "2 fixes not applied because unsafe; add `--unsafe-fixes` to apply them too."
    result = jaxerr("check", "--fix", "--unsafe-fixes", "pkg", cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["Found 2 errors (2 fixed, 0 remaining)."]
    assert (project / "pkg" / "trigger.py").read_text() != TRIGGER
    assert jaxerr("check", "pkg", cwd=project).returncode == 0


def test_fix_applies_every_safe_fix_and_reports_the_rest(project: Path) -> None:
    """Safe fixes of several findings in one file apply in one run; the count and the unsafe
    remainder are reported, in text and (on stderr) with --format json."""
    (project / "pkg" / "forgot.py").write_text(SAFE + "\n\n" + SAFE[SAFE.index("@jax.custom_vjp"):].replace("mul", "mul2"))
    before = json.loads(jaxerr("check", "--format", "json", "pkg/forgot.py", cwd=project).stdout)
    assert [f["fix"]["applicability"] for f in before] == ["safe", "safe"]
    result = jaxerr("check", "--fix", "--format", "json", "pkg", cwd=project)
    assert result.returncode == 1
    assert [f["path"] for f in json.loads(result.stdout)] == ["pkg/logs.py", "pkg/trigger.py"]
    assert result.stderr.splitlines() == [
        "Found 4 errors (2 fixed, 2 remaining).",
        "2 fixes not applied because unsafe; add `--unsafe-fixes` to apply them too."]
    assert jaxerr("check", "pkg/forgot.py", cwd=project).returncode == 0


def test_exit_zero_when_clean(project: Path) -> None:
    result = jaxerr("check", "pkg/clean.py", cwd=project)
    assert result.returncode == 0 and "All checks passed!" in result.stdout
    assert json.loads(jaxerr("check", "--format", "json", "pkg/clean.py", cwd=project).stdout) == []


def test_select_and_ignore(project: Path) -> None:
    only = json.loads(jaxerr("check", "--format", "json", "--select", "JXE001", "pkg", cwd=project).stdout)
    assert [f["code"] for f in only] == ["JXE001"]
    rest = json.loads(jaxerr("check", "--format", "json", "--ignore", "vjp-with-refs-tree-mismatch",
                             "pkg", cwd=project).stdout)
    assert [f["code"] for f in rest] == ["JXE002"]
    none = jaxerr("check", "--ignore", "JXE", "pkg", cwd=project)
    assert none.returncode == 0


def test_pyproject_configuration(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nignore = ["JXE002"]\nseverity = "warning"\n')
    findings = json.loads(jaxerr("check", "--format", "json", "pkg", cwd=project).stdout)
    assert [(f["code"], f["severity"]) for f in findings] == [("JXE001", "warning")]
    # The command line is a layer on top, as editor settings are: --ignore adds to the
    # file's ignore; --select starts over (what the file ignored counts no more); --severity
    # replaces.
    result = jaxerr("check", "--format", "json", "--ignore", "JXE001", "pkg", cwd=project)
    assert json.loads(result.stdout) == [] and result.returncode == 0
    findings = json.loads(jaxerr("check", "--format", "json", "--select", "JXE002", "pkg", cwd=project).stdout)
    assert [(f["code"], f["severity"]) for f in findings] == [("JXE002", "warning")]
    findings = json.loads(jaxerr("check", "--format", "json", "--severity", "hint", "pkg", cwd=project).stdout)
    assert [(f["code"], f["severity"]) for f in findings] == [("JXE001", "hint")]


def test_bad_pyproject_is_a_clear_error(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = "loud"\n')
    result = jaxerr("check", "pkg/trigger.py", cwd=project)
    assert result.returncode == 2
    assert "severity" in result.stderr and "pyproject.toml" in result.stderr


def test_suppression_comments(project: Path) -> None:
    lines = TRIGGER.splitlines()
    for comment, expected in (("  # jaxerr: ignore", 0), ("  # jaxerr: ignore[JXE001]", 0),
                              ("  # jaxerr: ignore[vjp-with-refs-tree-mismatch]", 0),
                              ("  # jaxerr: ignore[JXE002]", 1), ("  # unrelated", 1)):
        (project / "pkg" / "trigger.py").write_text("\n".join(lines[:9] + [lines[9] + comment]) + "\n")
        result = jaxerr("check", "pkg/trigger.py", cwd=project)
        assert result.returncode == expected, comment


def test_unreadable_file_is_reported_and_others_checked(project: Path) -> None:
    (project / "pkg" / "broken.py").write_bytes(b"x = '\xff\xfe not utf-8'\n")
    result = jaxerr("check", "pkg", cwd=project)
    assert result.returncode == 2
    assert "pkg/broken.py: cannot decode" in result.stderr
    assert "JXE001" in result.stdout and "JXE002" in result.stdout


def test_missing_path_is_exit_two(project: Path) -> None:
    result = jaxerr("check", "nope.py", cwd=project)
    assert result.returncode == 2 and "nope.py: no such file or directory" in result.stderr


def test_usage_error_is_exit_two(project: Path) -> None:
    assert jaxerr("check", "--format", "xml", cwd=project).returncode == 2
    assert jaxerr("frobnicate", cwd=project).returncode == 2


def test_rules_lists_each_rule_with_its_entry(project: Path) -> None:
    result = jaxerr("rules", "--format", "json", cwd=project)
    rows = json.loads(result.stdout)
    rules = {rule.code: rule.catalog_id for rule in all_rules()}
    catalog = load_catalog()
    entries = {e.rule: e for e in catalog if e.rule}
    codeless = sorted(e.id for e in catalog if not e.rule)
    # every entry with a rule code, in code order; then those without one, by id
    assert [r["code"] for r in rows] == sorted(entries) + [""] * len(codeless)
    assert [r["catalog"] for r in rows[len(entries):]] == codeless
    for row in rows:
        entry = entries[row["code"]] if row["code"] else catalog.get(str(row["catalog"]))
        assert (row["catalog"], row["summary"]) == (entry.id, entry.summary)
        assert row["detected"] == (row["code"] in rules) == entry.static_rule
        if row["detected"]:
            assert rules[row["code"]] == entry.id
    assert rows[0]["code"] == "JXE001" and rows[0]["catalog"] == "vjp-with-refs-tree-mismatch"


def test_explain_by_id_code_or_message(project: Path) -> None:
    by_id = jaxerr("explain", "custom-vjp-logs-not-dict", cwd=project)
    by_code = jaxerr("explain", "jxe002", cwd=project)
    # A message given as the argument (it has spaces) is matched like one pasted on stdin.
    message = ("TypeError: Custom VJP bwd rule was registered with defvjp_with_logs, and so the second "
               "element of the pair it returns must be None or a dict of backward-pass log entries, "
               "but got list.")
    by_message = jaxerr("explain", message, cwd=project)
    assert by_id.returncode == by_code.returncode == by_message.returncode == 0
    assert by_id.stdout == by_code.stdout == by_message.stdout
    assert "defvjp_with_logs" in by_id.stdout


def test_explain_rejects_bad_ids(project: Path) -> None:
    for bad in ("../../x", "no-such-entry", "JXE999"):
        result = jaxerr("explain", bad, cwd=project)
        assert result.returncode == 2 and result.stderr.strip(), bad
        assert "Traceback" not in result.stderr


def test_explain_stdin_matches_real_jax_tracebacks(project: Path) -> None:
    """`jaxerr explain -` on the exact text real JAX prints, bare and inside a traceback."""
    programs = [TRIGGER, LOGS + "jax.grad(f)(1.0)\n",
                LOGS.replace("[g]", "None").replace("((g,), None)", "(g,)") + "jax.grad(f)(1.0)\n"]
    results = run_programs(programs)
    expected = ["vjp-with-refs-tree-mismatch", "custom-vjp-logs-not-dict", "custom-vjp-bwd-not-pair"]
    for result, entry_id in zip(results, expected):
        assert result["raised"], result
        pasted = (f"Traceback (most recent call last):\n  File \"train.py\", line 10, in <module>\n"
                  f"{result['type']}: {result['message']}\n")
        for text in (result["message"], pasted):
            out = jaxerr("explain", "-", "--format", "markdown", cwd=project, stdin=text)
            assert out.returncode == 0, (text, out.stderr)
            assert entry_id in out.stdout


def test_explain_stdin_without_match(project: Path) -> None:
    result = jaxerr("explain", "-", cwd=project, stdin="KeyError: 'foo'\n")
    assert result.returncode == 1 and "no catalog entry matches" in result.stderr
    result = jaxerr("explain", "KeyError: 'foo'", cwd=project)
    assert result.returncode == 1 and "no catalog entry matches" in result.stderr


def test_a_file_python_cannot_parse_is_an_error_never_passed(tmp_path: Path) -> None:
    """Issue 9: a file with no trigger word that does not parse used to get "All checks
    passed!" and exit 0. It is now an error naming where Python stops (exit 2)."""
    (tmp_path / "broken.py").write_text("x = (\n")
    (tmp_path / "fine.py").write_text("x = 1\n")
    done = jaxerr("check", ".", cwd=tmp_path)
    assert done.returncode == 2, done
    assert "All checks passed" not in done.stdout
    assert "jaxerr: error: broken.py:1:5: cannot parse: '(' was never closed" in done.stderr, done.stderr
    assert "fine.py" not in done.stderr
    assert jaxerr("check", "fine.py", cwd=tmp_path).returncode == 0
