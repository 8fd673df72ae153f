"""Recognition of JAX errors as users pasted them into public GitHub issues (no JAX).

tests/data/pasted_errors/corpus.jsonl holds one pasted error a line: the thread's `url`, its
`repo`, the `label` (the catalog entry id the paste should map to; an id proposed for an error
the catalog does not have yet; or `none` for text that is not a JAX error) and the `text`,
verbatim (IPython arrows, pytest prefixes, Markdown, lines cut by the tracker included).

`jaxerr explain -` must never name a wrong entry: an item whose label is in the catalog gets
that entry or none, any other item none. The recognition rate over the real JAX errors rises
as entries are added; the test holds the floor reached so far.

    python -m pytest tests/test_pasted_errors.py -s    # prints the rate and the misses
"""

from __future__ import annotations

import collections
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_lsp.app.entry_lookup import NoMatchingEntry, entry_for_error_text
from jaxerr_lsp.errors.catalog import ENTRY_ID_RE, Catalog, load_catalog

CORPUS = Path(__file__).parent / "data" / "pasted_errors" / "corpus.jsonl"
URL_RE = re.compile(r"^https://github\.com/([^/]+/[^/]+)/(issues|pull)/[0-9]+$")
# Pastes recognized with this tree's catalog (of the items whose label is a JAX error): raise
# it when entries land, never lower it.
RECOGNIZED_FLOOR = 187


def load_corpus() -> list[dict[str, str]]:
    with CORPUS.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


ITEMS = load_corpus()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def named_entry(catalog: Catalog, text: str) -> str | None:
    """What `jaxerr explain -` names for the text (None: "not in the catalog")."""
    try:
        return entry_for_error_text(catalog, text).id
    except NoMatchingEntry:
        return None


def test_corpus_shape():
    assert len(ITEMS) >= 150
    repos = {item["repo"] for item in ITEMS}
    assert len(repos) >= 50
    seen = set()
    for item in ITEMS:
        assert set(item) == {"url", "repo", "label", "text"}, item
        match = URL_RE.match(item["url"])
        assert match and match.group(1) == item["repo"], item["url"]
        assert item["label"] == "none" or ENTRY_ID_RE.fullmatch(item["label"]), item["label"]
        assert item["text"].strip() and item["text"] == item["text"].rstrip("\n")
        assert (item["url"], item["text"]) not in seen, f"duplicate item {item['url']}"
        seen.add((item["url"], item["text"]))
    assert sum(item["label"] == "none" for item in ITEMS) >= 10  # negatives: other libraries


def test_no_wrong_entry_ever(catalog: Catalog):
    wrong = []
    for item in ITEMS:
        named = named_entry(catalog, item["text"])
        if named is not None and named != item["label"]:
            wrong.append(f"{item['url']}: labelled {item['label']}, explain names {named}")
    assert wrong == []


def test_recognition_rate(catalog: Catalog):
    real = [item for item in ITEMS if item["label"] != "none"]
    recognized = [item for item in real if named_entry(catalog, item["text"]) == item["label"]]
    in_catalog = [item for item in real if item["label"] in catalog]
    missed = collections.Counter(item["label"] for item in real if item not in recognized)
    print(f"\npasted JAX errors recognized: {len(recognized)}/{len(real)} "
          f"({len(recognized) / len(real):.1%}); of those whose entry exists: "
          f"{len(recognized)}/{len(in_catalog)}")
    print("not recognized, by label:", dict(missed.most_common()))
    assert len(recognized) >= RECOGNIZED_FLOOR


def _explain(text: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", "explain", "-"], cwd=cwd,
                          input=text, capture_output=True, text=True, timeout=120)


def test_explain_command_on_pasted_errors(tmp_path: Path):
    """End to end: a notebook paste in an older JAX wording names its entry; a cut paste two
    entries share, and another library's error, name none."""
    by_url = {item["url"]: item for item in ITEMS}
    older = by_url["https://github.com/google/brax/issues/228"]["text"]
    done = _explain(older, tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("JXE096 loop-carry-mismatch"), done
    cut = by_url["https://github.com/jax-ml/jax/pull/12611"]["text"]
    done = _explain(cut, tmp_path)
    assert done.returncode == 1 and "several catalog entries" in done.stderr, done
    other = by_url["https://github.com/numpy/numpy/issues/16997"]["text"]
    done = _explain(other, tmp_path)
    assert done.returncode == 1 and "no catalog entry matches" in done.stderr, done
