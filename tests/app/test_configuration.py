"""app.configuration: the layers and the one meaning of select / ignore / severity."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jaxerr_lsp.app.configuration import Config, ConfigError, config_for, config_for_file, layered

PROJECT = Config(select=("JXE",), ignore=("JXE002",), severity="warning")


def test_ignore_adds_and_an_empty_list_changes_nothing():
    assert layered(PROJECT, {"ignore": []}) == PROJECT
    added = layered(PROJECT, {"ignore": ["JXE001", "JXE002"]})
    assert added.ignore == ("JXE002", "JXE001") and added.select == PROJECT.select
    assert not added.enabled("JXE001", "vjp-with-refs-tree-mismatch")
    assert not added.enabled("JXE002", "custom-vjp-logs-not-dict")
    assert added.enabled("JXE003", "custom-vjp-bwd-not-pair")


def test_select_starts_over():
    selected = layered(PROJECT, {"select": ["custom-vjp-logs-not-dict"], "ignore": ["JXE001"]})
    assert selected == Config(select=("custom-vjp-logs-not-dict",), ignore=("JXE001",), severity="warning")
    assert selected.enabled("JXE002", "custom-vjp-logs-not-dict")  # the project ignored it
    assert not selected.enabled("JXE003", "custom-vjp-bwd-not-pair")


def test_severity_replaces_and_absent_keys_keep_the_layer_below():
    assert layered(PROJECT, {"severity": {"JXE001": "hint"}}).severity == {"JXE001": "hint"}
    assert layered(PROJECT, {"select": None, "ignore": None, "severity": None}) == PROJECT
    assert layered(PROJECT, {}) == PROJECT


@pytest.mark.parametrize("overrides,words", [
    ({"select": 42}, ["command line", "select"]),
    ({"ignore": [1]}, ["command line", "ignore"]),
    ({"severity": "loud"}, ["command line", "severity", "loud"]),
])
def test_bad_values_name_their_origin(overrides, words):
    with pytest.raises(ConfigError) as info:
        layered(Config(), overrides, "command line")
    assert all(word in str(info.value) for word in words), str(info.value)


def test_config_for_the_nearest_pyproject_cached_on_its_mtime(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\nignore = ["JXE001"]\n')
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "pkg").mkdir()
    assert config_for(tmp_path / "pkg" / "a.py") == Config(ignore=("JXE001",))
    assert config_for(tmp_path / "inner" / "a.py") == Config()  # nearest, without [tool.jaxerr]
    assert config_for(None) == Config()
    pyproject = tmp_path / "pyproject.toml"
    first = config_for(tmp_path / "pkg" / "a.py")
    assert config_for(tmp_path / "pkg" / "b.py") is first  # cached
    pyproject.write_text('[tool.jaxerr]\nseverity = "hint"\n')
    stat = pyproject.stat()
    os.utime(pyproject, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert config_for(tmp_path / "pkg" / "a.py") == Config(severity="hint")
    assert config_for_file(tmp_path / "pkg" / "a.py", {"ignore": ["JXE003"]}) == \
        Config(ignore=("JXE003",), severity="hint")


def test_unreadable_pyproject_is_a_config_error(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.jaxerr\n")
    with pytest.raises(ConfigError, match="pyproject.toml"):
        config_for(tmp_path / "a.py")
