#!/usr/bin/env python3
"""The binder's cost beside `ast.parse`: not a test.

For every Python file under the given folders (default: the installed jax and, if present,
flax), times `ast.parse` of the file, then building `jaxerr_lsp.analysis.flow.Flow` on the tree and
answering `reaching` for every Name read (the list of names is collected outside the timing).
Prints the totals and their ratio (target: <= 0.4), and the files with the highest ratios.
Times are CPU times of this process (`time.process_time`), the best of `--repeat` runs per
file: on a shared machine, wall-clock times measure the neighbours.

    python bench/bench_flow.py                      # jax (+ flax) of this interpreter
    python bench/bench_flow.py DIR [DIR ...] --repeat 3
"""

from __future__ import annotations

import argparse
import ast
import gc
import importlib.util
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaxerr_lsp.analysis.flow import Flow  # noqa: E402


def default_roots() -> list[Path]:
    roots = []
    for package in ("jax", "flax"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            roots.append(Path(list(spec.submodule_search_locations)[0]))
    return roots


def load(roots: list[Path]) -> list[tuple[Path, str]]:
    sources = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            try:
                text = path.read_text(encoding="utf-8")
                ast.parse(text)
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            sources.append((path, text))
    return sources


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs per file")
    parser.add_argument("--worst", type=int, default=8, help="files with the highest ratios shown")
    options = parser.parse_args()
    roots = options.roots or default_roots()
    sources = load(roots)
    lines = sum(text.count("\n") + 1 for _, text in sources)
    print(f"{len(sources)} files, {lines} lines under {', '.join(map(str, roots))}")
    parse_total = flow_total = 0.0
    queries = 0
    per_file = []
    for path, text in sources:
        best_parse = best_flow = float("inf")
        for _ in range(options.repeat):
            start = time.process_time()
            tree = ast.parse(text)
            best_parse = min(best_parse, time.process_time() - start)
        names = [n for n in ast.walk(tree) if type(n) is ast.Name and type(n.ctx) is ast.Load]
        for _ in range(options.repeat):
            gc.collect()
            start = time.process_time()
            flow = Flow(tree)
            for name in names:
                flow.reaching(name)
            best_flow = min(best_flow, time.process_time() - start)
        parse_total += best_parse
        flow_total += best_flow
        queries += len(names)
        per_file.append((best_flow / best_parse if best_parse else 0.0, path, best_parse, best_flow))
    print(f"ast.parse            {parse_total:8.3f} s")
    print(f"Flow + {queries} queries {flow_total:8.3f} s")
    print(f"ratio                {flow_total / parse_total:8.3f}  (target <= 0.4)")
    per_file.sort(key=lambda row: row[0], reverse=True)
    print("highest ratios (files over 1 ms of parse):")
    shown = 0
    for ratio, path, parse_time, flow_time in per_file:
        if parse_time < 1e-3:
            continue
        print(f"  {ratio:6.2f}  parse {parse_time * 1e3:7.1f} ms  flow {flow_time * 1e3:7.1f} ms  {path}")
        shown += 1
        if shown >= options.worst:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
