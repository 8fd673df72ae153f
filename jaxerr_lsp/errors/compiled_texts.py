"""The fixed texts of a compiled raise site's template, as a compiled library holds them.

A site with `library = ...` (jaxlib's or a GPU plugin's C++) has no Python source to read: the
tests look for these texts in the library's bytes.
An XLA status printed with its code ("UNIMPLEMENTED: ...") holds the code's name apart from
the status's own text, so the two are looked for separately (so are a nested status's).

(A GPU plugin's library, not installed here, is checked in its wheel instead:
scripts/verify_plugin_wordings.py.)
"""

from __future__ import annotations

import re

from jaxerr_lsp.errors.catalog import template_parts

__all__ = ["compiled_texts"]

_STATUS = re.compile(r"([A-Z][A-Z_]+): ")
_NESTED_STATUS = re.compile(r"(?<=: )([A-Z][A-Z_]{2,}): ")


def compiled_texts(template: str) -> list[str]:
    """The template's fixed texts (none empty), the status code's name apart; so is the code of
    a status printed inside the message (`...: INVALID_ARGUMENT: Donation requested ...`, the
    status of the failed step a message reports)."""
    texts = [text for kind, text in template_parts(template) if kind == "text"]
    status = _STATUS.match(template)
    if status and texts:
        texts = [status.group(1), texts[0][status.end():]] + texts[1:]
    split: list[str] = []
    for text in texts:
        split += [piece for piece in _NESTED_STATUS.split(text)]
    return [text for text in split if text]
