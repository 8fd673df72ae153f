#!/usr/bin/env python3
"""Recall when names are bound again: a measurement, not a test.

A notebook runs its cells top to bottom as one program, and rebinds its names cell after cell
(a cell run twice defines its functions again). For every bad case under tests/cases, the
program is checked as it is and twice in one text (the same cells run again); a finding of
the single program that is missing from either copy is lost to the rebinding. Printed per
rule, with examples: what code flow still cannot follow.

    python bench/notebook_reruns.py [--examples 3]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaxerr_lsp.engine.run import analyze  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3)
    options = parser.parse_args()
    lost: Counter[str] = Counter()
    total: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests" / "cases").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "# expect: JXE" not in text or "from __future__" in text:
            continue  # (a __future__ import must come first: the program cannot be doubled)
        lines = text.count("\n") + 1
        once = {(f.code, f.span.start_line) for f in analyze(text, None, str(path)).findings}
        twice = {(f.code, f.span.start_line) for f in analyze(text + "\n" + text, None, str(path)).findings}
        for code, line in sorted(once):
            total[code] += 1
            missing = [copy for copy, at in (("first", line), ("second", line + lines))
                       if (code, at) not in twice]
            if missing:
                lost[code] += 1
                examples.setdefault(code, []).append(
                    f"{path.parent.name}/{path.name}:{line} ({', '.join(missing)} copy)")
    print(f"findings of the bad cases lost when each program is run twice in one text: "
          f"{sum(lost.values())} of {sum(total.values())}")
    for code in sorted(lost):
        print(f"  {code}: {lost[code]}/{total[code]}  e.g. {'; '.join(examples[code][:options.examples])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
