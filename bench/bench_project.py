"""The checker with its project model on real JAX code: each package checked as a whole.

    python bench/bench_project.py                       # the corpus of bench_corpus.py
    python bench/bench_project.py --extra ../jax/tests  # + more source trees

Measured side by side in one run (the minimum of `--repeat` rounds, CPU time): `ast.parse`
of every file, the plain check (each file alone), and the project check (`cli.check_project`:
every file alone, which also says what each module's traced code does with the functions it
imports; then again the modules whose functions other modules trace). Prints the findings the project check adds or loses against the plain one (each
to be read: zero false ones), then the times and their ratios to `ast.parse`.
"""

from __future__ import annotations

import argparse
import ast
import gc
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from jaxerr_lsp import cli  # noqa: E402
from jaxerr_lsp.app import configuration  # noqa: E402

DEFAULT_CORPUS = HERE / ".corpus" / "src"


def cpu(function, *args):
    gc.collect()
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def parse_all(files: list[Path]) -> None:
    for file in files:
        try:
            ast.parse(cli.read_source(file))
        except (SyntaxError, ValueError, cli.ReadError):
            pass


def plain(files: list[Path]) -> list[cli.FileResult]:
    configuration._cache.clear()
    return cli.run_check(files, cli.CheckOptions(), 1)


def project(files: list[Path]) -> list[cli.FileResult]:
    configuration._cache.clear()
    return cli.check_project(files, cli.CheckOptions(), 1)


def lines_of(results: list[cli.FileResult]) -> set[str]:
    return {f"{r.path}:{item.finding.span.start_line}:{item.finding.span.start_column + 1}: "
            f"{item.finding.code} {item.finding.message.splitlines()[0]}"
            for r in results for item in r.findings}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                        help="folder of unpacked packages (bench_corpus.py downloads them)")
    parser.add_argument("--extra", type=Path, action="append", default=[])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    roots = [p for p in sorted(args.corpus.iterdir()) if p.is_dir()] if args.corpus.is_dir() else []
    roots += args.extra
    if not roots:
        sys.exit(f"nothing to check: {args.corpus} is empty (run bench_corpus.py first)")
    files, _ = cli.collect_files([str(r) for r in roots])
    files = [f for f in files if f.suffix == ".py"]
    facts = cli.project_facts(files)
    print(f"{len(files)} files; {sum(len(v) for v in facts.values())} facts reach "
          f"{len(facts)} modules from other modules")
    times: dict[str, list[float]] = {"parse": [], "plain": [], "project": []}
    before: list[cli.FileResult] = []
    after: list[cli.FileResult] = []
    for _ in range(max(1, args.repeat)):
        _, seconds = cpu(parse_all, files)
        times["parse"].append(seconds)
        before, seconds = cpu(plain, files)
        times["plain"].append(seconds)
        after, seconds = cpu(project, files)
        times["project"].append(seconds)
    added, lost = sorted(lines_of(after) - lines_of(before)), sorted(lines_of(before) - lines_of(after))
    print(f"\nfindings the project adds ({len(added)}; each to be read):")
    for line in added:
        print("  " + line)
    print(f"findings the project loses ({len(lost)}):")
    for line in lost:
        print("  " + line)
    parse = min(times["parse"])
    print(f"\nCPU seconds (min of {args.repeat}): ast.parse {parse:.2f}, plain check "
          f"{min(times['plain']):.2f} ({min(times['plain']) / parse:.2f}x), project check "
          f"{min(times['project']):.2f} ({min(times['project']) / parse:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
