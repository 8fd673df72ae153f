"""notebook_files.py: .ipynb JSON read with the standard library, written back as nbformat does."""

from __future__ import annotations

import json

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from jaxerr_lsp.notebooks.ipynb_files import NotebookError, parse_notebook


def test_unchanged_sources_write_back_byte_for_byte() -> None:
    notebook = new_notebook(cells=[new_markdown_cell("é"), new_code_cell("x = 1\ny = 2\n")])
    text = nbformat.writes(notebook) + "\n"
    parsed = parse_notebook(text)
    assert parsed.sources == ["x = 1\ny = 2\n"] and parsed.numbers == [2]
    assert parsed.with_sources(parsed.sources) == text


def test_a_changed_source_keeps_its_form_and_the_files_layout() -> None:
    document = {"cells": [{"cell_type": "code", "source": "a = 1\nb = 2", "metadata": {},
                           "outputs": [], "execution_count": None}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(document, indent=2)  # another tool's layout: indent 2, no final newline
    written = parse_notebook(text).with_sources(["a = 1\nb = 3"])
    assert written == text.replace("b = 2", "b = 3")
    listed = json.dumps({**document, "cells": [{**document["cells"][0], "source": ["a = 1\n", "b"]}]},
                        indent=1) + "\n"
    assert json.loads(parse_notebook(listed).with_sources(["a = 2\nb\n"]))["cells"][0]["source"] == [
        "a = 2\n", "b\n"]


@pytest.mark.parametrize(("text", "message"), [
    ("[]", "not a notebook: the JSON is not an object"),
    ('{"nbformat": 4}', 'not a notebook: no "cells" list'),
    ('{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["a", 1]}]}',
     'cell 1: "source" is neither a string nor a list of strings'),
])
def test_malformed_notebooks_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotebookError, match=message):
        parse_notebook(text)
