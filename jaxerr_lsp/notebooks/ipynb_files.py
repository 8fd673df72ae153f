"""`.ipynb` files: their code cells read, and fixed cells written back.

The notebook's JSON is read with the standard library (as ruff does; nbformat is not needed to
check): nbformat 4, whose cells are `{"cell_type": "code", "source": str | [str, ...], ...}`.
Writing back changes the `source` of the fixed code cells and nothing else: outputs, metadata,
the other cells and the key order stay, and the JSON is written as nbformat writes it (indent
1, or the file's own indent, non-ASCII as is, a trailing newline if the file had one); a cell's
source keeps its form (a list of lines or one string).

A notebook whose kernel is not Python (`metadata.kernelspec.language` or
`metadata.language_info.name`) has no code to check: `code_cells` is empty.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["NotebookError", "NotebookFile", "parse_notebook"]

_INDENT = re.compile(r"\{\n( +)\"")


class NotebookError(Exception):
    """The text is not a notebook jaxerr can read (the message says why)."""


@dataclass(frozen=True)
class NotebookFile:
    document: dict[str, Any]  # the JSON, as read
    code_cells: tuple[int, ...]  # the indexes in document["cells"] of the Python code cells
    indent: int
    trailing_newline: bool

    @property
    def numbers(self) -> list[int]:
        """The code cells' 1-based numbers among all the cells (as ruff and Jupyter count)."""
        return [index + 1 for index in self.code_cells]

    @property
    def sources(self) -> list[str]:
        """The code cells' sources, in order."""
        return [_source_text(self.document["cells"][index]["source"]) for index in self.code_cells]

    def with_sources(self, sources: list[str]) -> str:
        """The notebook's text with its code cells' sources replaced by `sources`; cells
        whose source does not change are left exactly as they were."""
        if len(sources) != len(self.code_cells):
            raise ValueError(f"{len(sources)} sources for {len(self.code_cells)} code cells")
        document = dict(self.document)
        cells = list(document["cells"])
        for index, source in zip(self.code_cells, sources):
            original = cells[index]["source"]
            if _source_text(original) != source:
                cells[index] = {**cells[index], "source": _source_like(original, source)}
        document["cells"] = cells
        text = json.dumps(document, indent=self.indent, ensure_ascii=False)
        return text + "\n" if self.trailing_newline else text


def parse_notebook(text: str) -> NotebookFile:
    """The notebook in `text`; raises NotebookError, saying what is wrong, if it is none."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookError(f"not valid JSON: {error.msg} (line {error.lineno}, column "
                            f"{error.colno})") from error
    if not isinstance(document, dict):
        raise NotebookError("not a notebook: the JSON is not an object")
    version = document.get("nbformat")
    if version != 4:
        raise NotebookError(f"nbformat {version!r} is not supported (only 4; convert with "
                            "`jupyter nbconvert --to notebook --nbformat 4`)")
    cells = document.get("cells")
    if not isinstance(cells, list):
        raise NotebookError("not a notebook: no \"cells\" list")
    code_cells = []
    for index, cell in enumerate(cells):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise NotebookError(f"cell {index + 1} is not a cell (no \"cell_type\")")
        source = cell.get("source")
        if not (isinstance(source, str) or (isinstance(source, list)
                                            and all(isinstance(s, str) for s in source))):
            raise NotebookError(f"cell {index + 1}: \"source\" is neither a string nor a list of "
                                "strings")
        if cell["cell_type"] == "code":
            code_cells.append(index)
    if not _is_python(document.get("metadata")):
        code_cells = []
    match = _INDENT.match(text.lstrip("\ufeff"))
    return NotebookFile(document, tuple(code_cells), len(match.group(1)) if match else 1,
                        text.endswith("\n"))


def _is_python(metadata: Any) -> bool:
    """Whether the notebook's kernel language is Python (or not said)."""
    if not isinstance(metadata, dict):
        return True
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        section = metadata.get(key)
        if isinstance(section, dict) and isinstance(section.get(field), str):
            return section[field].lower() in ("python", "python3", "ipython", "ipython3")
    return True


def _source_text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _source_like(original: str | list[str], text: str) -> str | list[str]:
    """`text` in the form of the original source: one string, or its lines (nbformat's)."""
    return text if isinstance(original, str) else text.splitlines(keepends=True)
