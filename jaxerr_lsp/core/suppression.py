"""`# jaxerr: ignore` and `# jaxerr: ignore[JXE001, custom-vjp-logs-not-dict]` comments: the one
pattern the engine reads and the "Ignore this line" fix writes."""

from __future__ import annotations

import re

IGNORE_COMMENT = re.compile(r"#\s*jaxerr:\s*ignore\b(?:\[(?P<ids>[^\]]*)\])?", re.IGNORECASE)


def ignored_ids(ids: str | None) -> set[str] | None:
    """The rule codes or catalog ids a comment's `[...]` names; None for a bare ignore (all)."""
    if ids is None:
        return None
    return {part.strip() for part in ids.split(",") if part.strip()}


def covers(line: str, code: str, catalog_id: str) -> bool:
    """Whether a jaxerr ignore comment on `line` silences the rule `code` / `catalog_id`."""
    if "jaxerr" not in line:
        return False
    for match in IGNORE_COMMENT.finditer(line):
        ids = ignored_ids(match.group("ids"))
        if ids is None or code in ids or catalog_id in ids:
            return True
    return False
