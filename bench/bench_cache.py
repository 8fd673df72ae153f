#!/usr/bin/env python3
"""The result cache of `jaxerr check`, measured on the corpus of bench_corpus.py.

Not a test. Runs the real CLI (`python -m jaxerr_lsp check --format json`) as a subprocess over
the corpus (jax, flax, optax, equinox, chex, numpyro; `bench/.corpus`, downloaded by
bench_corpus.py if missing), with a fresh cache folder, in turn:

1. `--no-cache` (the check without any cache: the reference),
2. the first run with the cache (empty: every file is checked and its entry written),
3. the second run with the cache (every entry found),
4. the second run again with `-j 2`;

and prints their wall and CPU times (the subprocess's, its workers' included) side by side with
the ratio first run / second run (target >= 10x), and whether every run printed the same
findings. Each round is repeated (`--repeat`, fresh cache folder each time); the minimum counts.

Exit status: 0 when the outputs agree and both ratios (wall, CPU) are >= 10, else 1.

    python bench/bench_cache.py
    python bench/bench_cache.py --corpus /path/to/bench/.corpus --no-download --repeat 3
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_corpus import DEFAULT_CORPUS, PACKAGES, ensure_corpus  # noqa: E402


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(roots: list[Path], *extra: str) -> tuple[float, float, int, str]:
    """(wall seconds, CPU seconds, exit status, stdout) of one `jaxerr check` subprocess (its
    CPU time includes its -j workers')."""
    command = [sys.executable, "-m", "jaxerr_lsp", "check", "--format", "json", *extra, *map(str, roots)]
    start, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    elapsed, cpu = time.perf_counter() - start, children_cpu() - cpu
    if done.returncode not in (0, 1, 2):
        print(done.stderr, file=sys.stderr)
    return elapsed, cpu, done.returncode, done.stdout


def entries(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("*.json"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-download", action="store_true", help="use what is in --corpus")
    parser.add_argument("--repeat", type=int, default=2, help="rounds, each with a fresh cache")
    args = parser.parse_args(argv)

    roots = ensure_corpus(args.corpus, PACKAGES, not args.no_download)
    times: dict[str, list[float]] = {"no cache": [], "first run": [], "second run": [], "second run -j 2": []}
    cpu_times: dict[str, list[float]] = {name: [] for name in times}
    outputs: dict[str, str] = {}
    statuses: set[int] = set()
    stored = 0
    for _ in range(max(1, args.repeat)):
        folder = Path(tempfile.mkdtemp(prefix="jaxerr-bench-cache-"))
        try:
            cache = ("--cache-dir", str(folder))
            for name, extra in (("no cache", ("--no-cache",)), ("first run", cache),
                                ("second run", cache), ("second run -j 2", (*cache, "-j", "2"))):
                elapsed, cpu, status, stdout = run(roots, *extra)
                times[name].append(elapsed)
                cpu_times[name].append(cpu)
                statuses.add(status)
                outputs.setdefault(name, stdout)
                if outputs[name] != stdout:
                    outputs[name] = "<differs between rounds>"
            stored = entries(folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    files = sum(1 for root in roots for _ in root.rglob("*.py"))
    print(f"Python {sys.version.split()[0]}; corpus: {', '.join(r.name for r in roots)} "
          f"({files} .py files); cache entries written: {stored}; exit statuses: {sorted(statuses)}")
    print(f"{'run':<18} {'min wall':>10} {'min CPU':>10}   wall (CPU) of every round")
    for name, values in times.items():
        rounds = " ".join(f"{v:.2f} ({c:.2f})" for v, c in zip(values, cpu_times[name]))
        print(f"{name:<18} {min(values):9.3f}s {min(cpu_times[name]):9.3f}s   {rounds}")
    ratio = min(times["first run"]) / min(times["second run"])
    cpu_ratio = min(cpu_times["first run"]) / min(cpu_times["second run"])
    ratio_j2 = min(times["first run"]) / min(times["second run -j 2"])
    overhead = min(times["first run"]) / min(times["no cache"])
    print(f"first run / second run: {ratio:.1f}x wall, {cpu_ratio:.1f}x CPU (target >= 10x); "
          f"with -j 2: {ratio_j2:.1f}x wall")
    print(f"first run / no cache: {overhead:.2f}x wall (the cost of writing the entries)")
    same = len(set(outputs.values())) == 1
    print("outputs: " + ("identical in every run" if same else "DIFFER: " + ", ".join(
        f"{name}: {len(text)} chars" for name, text in outputs.items())))
    return 0 if same and min(ratio, cpu_ratio) >= 10 else 1


if __name__ == "__main__":
    raise SystemExit(main())
