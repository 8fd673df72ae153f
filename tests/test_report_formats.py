"""The CI outputs of `jaxerr check`, run as a real subprocess: `--format sarif` validated against
the official SARIF 2.1.0 schema (vendored in tests/sarif/, see its README) with jsonschema,
`--format github` parsed as the GitHub runner parses workflow commands, `--statistics`,
`--exit-zero`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest

from jaxerr_lsp.fixes.edits import TextEdit, apply_edits
from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.engine.registry import all_rules
from tests.test_cli import LOGS, SAFE, TRIGGER, jaxerr

SCHEMA = json.loads((Path(__file__).parent / "sarif" / "sarif-schema-2.1.0.json").read_text())

# A non-ASCII name before the finding on its line: SARIF columns must count code points.
WIDE_LOGS = LOGS.replace("f.defvjp_with_logs(", "ñ𝔵 = 0; f.defvjp_with_logs(")
BROKEN = "import jax\n\ndef f(:\n    pass\n"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "trigger.py").write_text(TRIGGER)
    (tmp_path / "pkg" / "wide logs.py").write_text(WIDE_LOGS)
    (tmp_path / "pkg" / "forgot.py").write_text(SAFE)
    (tmp_path / "pkg" / "clean.py").write_text("import jax\nprint(jax.numpy.ones(3))\n")
    return tmp_path


def sarif(project: Path, *args: str) -> tuple[dict, int]:
    result = jaxerr("check", "--format", "sarif", *args, cwd=project)
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(log)
    return log, result.returncode


def test_the_vendored_schema_rejects_what_sarif_forbids() -> None:
    """The schema really checks: a wrong version, a result without a message, a 0 column."""
    validator = jsonschema.Draft4Validator(SCHEMA)
    base = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}
    assert validator.is_valid(base)
    assert not validator.is_valid({**base, "version": "2.0.0"})
    bad_result = {"ruleId": "X"}
    assert not validator.is_valid({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                                                 "results": [bad_result]}]})
    region = {"message": {"text": "m"}, "locations": [{"physicalLocation": {
        "artifactLocation": {"uri": "a.py"}, "region": {"startLine": 1, "startColumn": 0}}}]}
    assert not validator.is_valid({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                                                 "results": [region]}]})


def test_sarif_is_valid_and_holds_rules_results_and_fixes(project: Path) -> None:
    log, status = sarif(project, "pkg")
    assert status == 1
    [run] = log["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert driver["name"] == "jaxerr" and driver["version"]
    # every rule is selected by default: every rule listed, with its catalog text
    assert [rule["id"] for rule in driver["rules"]] == sorted(rule.code for rule in all_rules())
    by_id = {rule["id"]: rule for rule in driver["rules"]}
    jxe001 = by_id["JXE001"]
    assert jxe001["name"] == "vjp-with-refs-tree-mismatch"
    assert jxe001["shortDescription"]["text"].startswith("The refs given to a VJP function's")
    assert jxe001["fullDescription"]["text"].startswith("ValueError: ")
    assert "## " in jxe001["help"]["markdown"] and jxe001["help"]["text"]
    assert jxe001["defaultConfiguration"] == {"level": "error"}

    findings = json.loads(jaxerr("check", "--format", "json", "pkg", cwd=project).stdout)
    results = run["results"]
    assert [(r["ruleId"], r["message"]["text"]) for r in results] == \
        [(f["code"], f["message"]) for f in findings]
    for result, finding in zip(results, findings):
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == "error"
        [location] = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert artifact["uriBaseId"] == "%SRCROOT%"
        assert unquote(artifact["uri"]) == finding["path"]
        region = location["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"], region["endLine"], region["endColumn"]) == \
            (finding["line"], finding["column"], finding["end_line"], finding["end_column"])
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.resolve().as_uri() + "/"

    # code points, not UTF-16 units: "𝔵" is one column (two UTF-16 units)
    [wide] = [r for r in results if "wide%20logs.py" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]]
    line = WIDE_LOGS.splitlines()[6]
    start = wide["locations"][0]["physicalLocation"]["region"]["startColumn"]
    assert line[start - 1:].startswith("[g]")
    assert wide["relatedLocations"][0]["message"]["text"]


def test_sarif_rules_link_to_the_catalog_website(project: Path) -> None:
    """`helpUri`: each rule's page under `--docs-url`, else `[tool.jaxerr] docs-url`; the log
    still validates against the schema (helpUri is a URI)."""
    log, _ = sarif(project, "pkg", "--docs-url", "https://example.org/jaxerr")
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules and all(rule["helpUri"] == f"https://example.org/jaxerr/errors/{rule['name']}.html"
                         for rule in rules), rules[:2]
    (project / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "file:///srv/jaxerr-site/"\n')
    log, _ = sarif(project, "pkg")
    by_id = {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    assert by_id["JXE001"]["helpUri"] == "file:///srv/jaxerr-site/errors/vjp-with-refs-tree-mismatch.html"
    (project / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "not a url"\n')
    result = jaxerr("check", "--format", "sarif", "pkg", cwd=project)
    assert result.returncode == 2 and "docs-url" in result.stderr, result.stderr


def test_sarif_fix_replacements_are_what_fix_writes(project: Path) -> None:
    """The safe fix of forgot.py, applied from its SARIF replacements (code-point columns),
    gives exactly the file `jaxerr check --fix` writes."""
    log, _ = sarif(project, "pkg/forgot.py")
    [result] = log["runs"][0]["results"]
    fix = result["fixes"][0]
    assert fix["description"]["text"] and fix["properties"]["applicability"] == "safe"
    [change] = fix["artifactChanges"]
    assert change["artifactLocation"] == {"uri": "pkg/forgot.py", "uriBaseId": "%SRCROOT%"}
    edits = [TextEdit(Span(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"] - 1,
                           r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"] - 1),
                      r["insertedContent"]["text"]) for r in change["replacements"]]
    from_sarif = apply_edits(SAFE, edits)
    assert jaxerr("check", "--fix", "--no-cache", "pkg/forgot.py", cwd=project).returncode == 0
    assert (project / "pkg" / "forgot.py").read_text() == from_sarif != SAFE


def test_sarif_rules_follow_the_selection_and_severity(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = { JXE001 = "hint" }\n')
    log, _ = sarif(project, "--select", "JXE001", "pkg")
    run = log["runs"][0]
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["JXE001"]
    assert run["tool"]["driver"]["rules"][0]["defaultConfiguration"] == {"level": "note"}
    assert [(r["ruleId"], r["level"], r["ruleIndex"]) for r in run["results"]] == [("JXE001", "note", 0)]


def test_sarif_reports_unparsable_files_as_notifications(project: Path) -> None:
    (project / "pkg" / "broken.py").write_text(BROKEN)
    log, status = sarif(project, "pkg/broken.py", "pkg/clean.py")
    assert status == 2
    [invocation] = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and "pkg/broken.py:3:7: cannot parse" in note["message"]["text"]
    clean, status = sarif(project, "pkg/clean.py")
    assert status == 0 and clean["runs"][0]["results"] == []


# ------------------------------------------------------------------------------------ GitHub
COMMAND = re.compile(r"^::(?P<command>\w+) (?P<properties>[^:]*)::(?P<message>.*)$")


def unescape_data(text: str) -> str:
    """As the GitHub runner reads a command's message (actions/runner, ActionCommand.cs)."""
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def unescape_property(text: str) -> str:
    return (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",")
            .replace("%25", "%"))


def parse_command(line: str) -> tuple[str, dict[str, str], str]:
    match = COMMAND.match(line)
    assert match, line
    properties = dict(item.split("=", 1) for item in match["properties"].split(","))
    return (match["command"], {k: unescape_property(v) for k, v in properties.items()},
            unescape_data(match["message"]))


def test_github_annotations_escape_and_map_severities(project: Path) -> None:
    odd = project / "pkg" / "odd,name:100%.py"
    odd.write_text(TRIGGER)
    (project / "pyproject.toml").write_text(
        '[tool.jaxerr]\nseverity = { JXE001 = "warning", JXE002 = "hint" }\n')
    result = jaxerr("check", "--format", "github", "pkg", cwd=project)
    assert result.returncode == 1
    findings = json.loads(jaxerr("check", "--format", "json", "pkg", cwd=project).stdout)
    lines = result.stdout.splitlines()
    assert len(lines) == len(findings) and all(line.startswith("::") for line in lines)
    for line, finding in zip(lines, findings):
        command, properties, message = parse_command(line)
        assert command == {"error": "error", "warning": "warning", "hint": "notice"}[finding["severity"]]
        assert list(properties) == ["file", "line", "col", "endLine", "endColumn", "title"]
        assert properties == {"file": finding["path"], "line": str(finding["line"]),
                              "col": str(finding["column"]), "endLine": str(finding["end_line"]),
                              "endColumn": str(finding["end_column"]), "title": finding["code"]}
        assert message == f"{finding['path']}:{finding['line']}:{finding['column']}: " \
                          f"{finding['code']} {finding['message']}"
    assert {parse_command(line)[0] for line in lines} == {"warning", "notice"}
    [odd_line] = [line for line in lines if "odd" in line]
    assert "file=pkg/odd%2Cname%3A100%25.py," in odd_line
    assert "%0A" in odd_line and "\n" not in odd_line  # JXE001's message has several lines


# ------------------------------------------------------------------------------------ statistics, exit-zero
def test_statistics_count_per_rule_like_ruff(project: Path) -> None:
    (project / "pkg" / "trigger2.py").write_text(TRIGGER)
    result = jaxerr("check", "--statistics", "pkg", cwd=project)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "2\tJXE001\t[ ] vjp-with-refs-tree-mismatch",
        "2\tJXE002\t[*] custom-vjp-logs-not-dict",
        "Found 4 errors.",
        "[*] 1 fixable with the `--fix` option (3 more with unsafe fixes: `--fix --unsafe-fixes`).",
    ]
    rows = json.loads(jaxerr("check", "--statistics", "--format", "json", "pkg", cwd=project).stdout)
    assert rows == [
        {"code": "JXE001", "name": "vjp-with-refs-tree-mismatch", "count": 2, "fixable": False,
         "fixable_count": 0},
        {"code": "JXE002", "name": "custom-vjp-logs-not-dict", "count": 2, "fixable": True,
         "fixable_count": 1},
    ]


def test_exit_zero(project: Path) -> None:
    """As ruff: 0 with findings, unreadable and unparsable files; 2 for a usage error or a bad
    [tool.jaxerr]."""
    (project / "pkg" / "broken.py").write_text(BROKEN)
    result = jaxerr("check", "--exit-zero", "pkg", "missing.py", cwd=project)
    assert result.returncode == 0
    assert "JXE001" in result.stdout and "cannot parse" in result.stderr
    assert "missing.py: no such file" in result.stderr
    assert jaxerr("check", "pkg", cwd=project).returncode == 2  # the same without it
    assert jaxerr("check", "--exit-zero", "--select", "", "--severity", "loud", "pkg",
                  cwd=project).returncode == 2
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = "loud"\n')
    assert jaxerr("check", "--exit-zero", "pkg/trigger.py", cwd=project).returncode == 2


NOTEBOOK_CELLS = ["import jax\nimport jax.numpy as jnp",
                  "@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x",
                  "f(jnp.ones(()))"]


def test_a_notebooks_findings_name_their_cell_in_sarif_and_github(tmp_path: Path) -> None:
    """A line of a notebook's JSON is not a line of its code: SARIF and GitHub name the cell in
    the message, locate the file alone, and give no fixes (their edits would be cell edits)."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# title"),
                      *(nbformat.v4.new_code_cell(cell) for cell in NOTEBOOK_CELLS)]
    nbformat.write(notebook, tmp_path / "nb.ipynb")
    log, code = sarif(tmp_path, "--no-cache", "nb.ipynb")
    assert code == 1
    [result] = log["runs"][0]["results"]
    assert result["ruleId"] == "JXE070" and result["message"]["text"].startswith("cell 3:3:8: ")
    assert result["locations"] == [{"physicalLocation": {"artifactLocation": {
        "uri": "nb.ipynb", "uriBaseId": "%SRCROOT%"}}}]
    assert "fixes" not in result
    # The decorator in the def's cell, the call that runs the trace in the next one.
    assert [r["message"]["text"].split(":")[0] for r in result["relatedLocations"]] == ["cell 3", "cell 4"]
    github = jaxerr("check", "--no-cache", "--format", "github", "nb.ipynb", cwd=tmp_path)
    [line] = github.stdout.splitlines()
    assert line.startswith("::error file=nb.ipynb,title=JXE070::nb.ipynb:cell 3:3:8: JXE070 "), line
