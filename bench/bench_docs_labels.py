"""The checker against the labels JAX's own documentation gives its cells. Not a test.

JAX's MyST notebooks (`docs/**/*.md` with Jupytext front matter) tag the code cells that raise
with `:tags: [raises-exception]`. This runs `jaxerr check` on them and prints, for each tagged
cell, whether a finding of error severity lies in it (FLAG), or lies in an earlier cell and
names a place in it among its related locations (LINK: JAX raises in the def cell, the finding
says which call of the tagged cell gets there), or neither (MISS); then the findings in
untagged cells, to be read: most are true ones placed where JAX raises (in the def cell whose
function a later tagged cell calls, or in a `try:` cell), the rest false alarms.

    python bench/bench_docs_labels.py ../jax/docs        # a checkout's docs folder
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

_CELL = re.compile(r"```\{code-cell\}")


def notebooks(folder: Path) -> list[Path]:
    """The Jupytext MyST notebooks under `folder`."""
    found = []
    for path in sorted(folder.rglob("*.md")):
        head = path.read_text(encoding="utf-8", errors="replace")[:2000]
        if head.lstrip().startswith("---") and "jupytext" in head:
            found.append(path)
    return found


def cells(text: str) -> list[tuple[int, int, bool]]:
    """Each code cell as (first line, last line, tagged raises-exception), 1-based."""
    lines = text.split("\n")
    found = []
    index = 0
    while index < len(lines):
        if _CELL.match(lines[index]):
            start, tagged = index, False
            index += 1
            while index < len(lines) and not lines[index].startswith("```"):
                tagged = tagged or (lines[index].startswith(":tags:") and "raises-exception" in lines[index])
                index += 1
            found.append((start + 1, index + 1, tagged))
        index += 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", type=Path, help="a docs folder (JAX's docs/)")
    args = parser.parse_args()
    files = notebooks(args.docs)
    if not files:
        print(f"no Jupytext notebooks under {args.docs}", file=sys.stderr)
        return 1
    output = subprocess.run([sys.executable, "-m", "jaxerr_lsp", "check", "--no-cache", "--exit-zero",
                             "--format", "json", *map(str, files)], capture_output=True, text=True, check=False)
    findings: dict[str, list[dict[str, object]]] = {}
    for finding in json.loads(output.stdout or "[]"):
        if finding.get("severity", "error") == "error":
            findings.setdefault(str(finding["path"]), []).append(finding)
    tagged = flagged = linked = 0
    untagged: list[str] = []
    for path in files:
        here = findings.get(str(path), [])
        for first, last, raises in cells(path.read_text(encoding="utf-8", errors="replace")):
            inside = sorted({str(f["code"]) for f in here if first <= int(str(f["line"])) <= last})
            named = sorted({str(f["code"]) for f in here if any(
                first <= int(str(r["line"])) <= last for r in f.get("related") or [])})  # type: ignore[attr-defined]
            where = f"{path.relative_to(args.docs)}:{first}"
            if raises:
                tagged += 1
                flagged += bool(inside)
                linked += bool(named) and not inside
                label = "FLAG" if inside else "LINK" if named else "MISS"
                print(f"{label} {where} {' '.join(inside or named)}")
            elif inside:
                untagged.append(f"  {where} {' '.join(inside)}")
    print(f"\ntagged cells with a finding: {flagged} of {tagged}; with a finding elsewhere that names "
          f"a place in them: {linked} more")
    print(f"findings in untagged cells ({len(untagged)}; read them):")
    print("\n".join(untagged))
    return 0


if __name__ == "__main__":
    sys.exit(main())
