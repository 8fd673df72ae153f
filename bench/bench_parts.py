#!/usr/bin/env python3
"""Where the analysis of a file spends its time: not a test.

For a sample of the Python files under the given folders (default: bench/.corpus/src), each
file with every rule forced on (as `bench_corpus.py`'s forced pass), times side by side, in
CPU time of this process, summed over the sample:

- `ast.parse` (the bar every ratio is taken against), then the engine's own parse;
- the module model's walk (`ModuleModel`);
- the value inference and the tracing model, built eagerly here (the engine builds them
  lazily, when the first rule asks), so that their cost is not charged to that rule;
- each rule's `check`, on a context where the parts above are already built: what the rule
  itself asks (and the lazy queries it is the first to ask, e.g. code flow);
- apart, not in the total: one bare `ast.walk` over the same tree, the least any analysis
  written in Python that looks at every node pays (with the engine's parse, the floor of the
  total's ratio in CPython); and the catalog's load, once per process (loaded before the
  timing: the first rule to report, or to read an entry, would be charged for it).

    python bench/bench_parts.py                       # every 4th file of bench/.corpus/src
    python bench/bench_parts.py DIR --every 1 --top 20
"""

from __future__ import annotations

import argparse
import ast
import gc
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaxerr_lsp.analysis.model import ModuleModel  # noqa: E402
from jaxerr_lsp.core.source import parse_source  # noqa: E402
from jaxerr_lsp.engine.registry import all_rules  # noqa: E402
from jaxerr_lsp.engine.rule import Context  # noqa: E402
from jaxerr_lsp.errors.catalog import load_catalog  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--every", type=int, default=4, help="take every N-th file")
    parser.add_argument("--top", type=int, default=15, help="rules shown")
    options = parser.parse_args()
    roots = options.roots or [HERE / ".corpus" / "src"]
    files = sorted(p for root in roots for p in root.rglob("*.py"))[::options.every]
    rules = all_rules()
    triggers = sorted({t for rule in rules for t in rule.triggers})
    trailer = f"\n# jaxerr bench: {' '.join(triggers)}\n"
    parts: dict[str, float] = defaultdict(float)
    per_rule: dict[str, float] = defaultdict(float)
    clock = time.process_time
    # Once per process, not per file: loaded before the timing (else the first rule that
    # reads the catalog is charged for it), and shown apart.
    start = clock()
    load_catalog()
    catalog_seconds = clock() - start
    checked = 0
    floor = 0.0
    gc.disable()
    for path in files:
        try:
            text = path.read_text(encoding="utf-8") + trailer
        except (UnicodeDecodeError, OSError):
            continue
        start = clock()
        try:
            ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        parts["ast.parse"] += clock() - start
        start = clock()
        parsed = parse_source(text)
        parts["engine parse"] += clock() - start
        if parsed.tree is None:
            continue
        checked += 1
        start = clock()
        for _node in ast.walk(parsed.tree):
            pass
        floor += clock() - start
        try:
            start = clock()
            model = ModuleModel(parsed.tree)
            parts["model walk"] += clock() - start
            context = Context(parsed, model, str(path))
            start = clock()
            context.values  # noqa: B018
            parts["values (Inference)"] += clock() - start
            start = clock()
            context.tracing  # noqa: B018
            parts["tracing"] += clock() - start
            for rule in rules:
                context.rule = rule
                start = clock()
                try:
                    rule.check(context)
                except Exception:  # noqa: BLE001 (an internal error is the engine's note)
                    pass
                per_rule[f"{rule.code} {rule.catalog_id}"] += clock() - start
            start = clock()
            context.release()
            parts["release"] += clock() - start
        except RecursionError:
            continue
        gc.enable()
        gc.collect()
        gc.disable()
    parts["rules, all"] = sum(per_rule.values())
    base = parts["ast.parse"]
    print(f"{checked} files (every {options.every}th under {', '.join(map(str, roots))}), "
          f"every rule forced; CPU seconds and ratio to ast.parse")
    total = 0.0
    for name, seconds in parts.items():
        if name != "ast.parse" and name != "rules, all":
            total += seconds
        print(f"  {name:40s} {seconds:8.3f} s  {seconds / base:6.2f} x")
    total += parts["rules, all"]
    print(f"  {'total (engine parse .. release)':40s} {total:8.3f} s  {total / base:6.2f} x")
    print(f"  {'apart: one bare ast.walk of each tree':40s} {floor:8.3f} s  {floor / base:6.2f} x"
          f"   (engine parse + this: {(parts['engine parse'] + floor) / base:.2f} x, the floor)")
    print(f"  {'apart: the catalog, loaded once':40s} {catalog_seconds:8.3f} s")
    print("rules, slowest first:")
    for name, seconds in sorted(per_rule.items(), key=lambda kv: -kv[1])[:options.top]:
        print(f"  {name:60s} {seconds:7.3f} s  {seconds / base:6.2f} x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
