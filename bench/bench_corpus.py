#!/usr/bin/env python3
"""Check real JAX code at scale: jax, flax, optax, equinox, chex and numpyro.

Not a test. It
1. downloads the sources of the pinned packages (`pip download` of the sdists, unpacked into
   `bench/.corpus/`, which git ignores) unless they are already there;
2. checks every file in-process through the CLI's own code path (`cli.collect_files` +
   `cli.run_check`), and also once more with every rule forced to run on every file (a trigger
   comment is appended, so the module model and every rule run on all the code, not only on the
   few files that mention `with_refs` / `defvjp_with_logs`);
3. runs the real CLI as a subprocess with `-j 1` and `-j 2` and compares the outputs;
4. prints every finding (path:line code message) for a human verdict, every note, and side by
   side, measured in this one run: the check's time, the bare `ast.parse` time over the same
   files (read + decode + parse, the same I/O the check does), their ratio (target <= 1.5x), lines
   per second, files and lines, per-file latency and peak memory.

Exit status: 0 when no file gave an internal error and the subprocess outputs agree, else 1.

    /work/venv/bin/python bench/bench_corpus.py            # download if needed, measure
    /work/venv/bin/python bench/bench_corpus.py --profile  # cProfile top 25 of the forced pass
    /work/venv/bin/python bench/bench_corpus.py --profile check   # ... of the plain check
"""

from __future__ import annotations

import argparse
import ast
import cProfile
import functools
import gc
import io
import json
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tarfile
import time
import tracemalloc
import zipfile
from pathlib import Path

if sys.version_info < (3, 12):
    sys.exit("bench_corpus.py needs Python >= 3.12 (JAX's own source uses PEP 695 syntax)")

from jaxerr_lsp import cli  # noqa: E402
from jaxerr_lsp.app import configuration  # noqa: E402
from jaxerr_lsp.engine.run import analyze  # noqa: E402
from jaxerr_lsp.engine.registry import all_rules  # noqa: E402
from jaxerr_lsp.core.source import split_lines  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE / ".corpus"

# Pinned so that runs compare; jax is the version the catalog is verified against.
PACKAGES = {
    "jax": "0.12.0.1",
    "flax": "0.12.12",
    "optax": "0.2.8",
    "equinox": "0.13.8",
    "chex": "0.1.92",
    "numpyro": "0.22.0",
}

# Appended to every file in the forced pass: every rule's trigger substring, in a comment.
TRIGGERS = sorted({word for rule in all_rules() for word in rule.triggers})
# A comment naming every rule's trigger words: every rule runs on every file.
FORCE_TRAILER = f"\n# jaxerr bench: {' '.join(TRIGGERS)}\n"


# ------------------------------------------------------------------------------------ corpus
def _unpack(archive: Path, into: Path) -> Path:
    """Unpack an sdist (.tar.gz) or a wheel (.whl/.zip) into `into`; returns its top folder."""
    name = archive.name
    for suffix in (".tar.gz", ".tgz", ".zip", ".whl"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    target = into / name
    if target.exists():
        return target
    staging = into / (name + ".partial")
    staging.mkdir(parents=True, exist_ok=True)
    if archive.name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(archive) as tar:
            tar.extractall(staging, filter="data")
    else:
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(staging)
    # An sdist holds one top folder; a wheel holds the package folders directly.
    entries = list(staging.iterdir())
    if len(entries) == 1 and entries[0].is_dir():
        entries[0].rename(target)
        staging.rmdir()
    else:
        staging.rename(target)
    return target


def ensure_corpus(corpus: Path, packages: dict[str, str], download: bool) -> list[Path]:
    """The unpacked source folder of each package, downloading what is missing."""
    dist = corpus / "dist"
    src = corpus / "src"
    dist.mkdir(parents=True, exist_ok=True)
    src.mkdir(parents=True, exist_ok=True)
    roots = []
    for name, version in packages.items():
        stem = f"{name}-{version}"
        existing = src / stem
        if existing.is_dir():
            roots.append(existing)
            continue
        archives = [p for p in dist.iterdir()
                    if p.name.lower().replace("_", "-").startswith(stem.lower())]
        if not archives:
            if not download:
                sys.exit(f"{stem} is not in {dist}; run without --no-download")
            print(f"downloading {name}=={version} ...", file=sys.stderr)
            base = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--disable-pip-version-check", "-d", str(dist), f"{name}=={version}"]
            # The sdist holds the tests too (more real code); the wheel is the fallback.
            done = subprocess.run(base + ["--no-binary", ":all:"], check=False)
            if done.returncode != 0:
                done = subprocess.run(base + ["--only-binary", ":all:"], check=False)
            if done.returncode != 0:
                sys.exit(f"pip download {name}=={version} failed")
            archives = [p for p in dist.iterdir()
                        if p.name.lower().replace("_", "-").startswith(stem.lower())]
        archive = sorted(archives, key=lambda p: (not p.name.endswith(".tar.gz"), p.name))[0]
        top = _unpack(archive, src)
        if top.name != stem:
            top = top.rename(src / stem)
        roots.append(top)
    return roots


# ------------------------------------------------------------------------------------ measures
def read_all(files: list[Path]) -> list[str]:
    return [cli.read_source(f) for f in files]


def run_parse(files: list[Path]) -> None:
    """The baseline: the same reading and decoding the check does, then a bare ast.parse."""
    for file in files:
        ast.parse(cli.read_source(file))


def run_parse_gc_off(files: list[Path]) -> None:
    """The same, with the cyclic GC off during each parse (as `analyze` runs): the stricter
    baseline, since a collection during a parse traverses the growing tree."""
    for file in files:
        text = cli.read_source(file)
        gc.disable()
        try:
            ast.parse(text)
        finally:
            gc.enable()


def run_check(files: list[Path]) -> list[cli.FileResult]:
    """The CLI's code path, in-process, one job (what `jaxerr check -j 1` does before printing)."""
    configuration._cache.clear()  # each round finds the pyproject.toml files again
    return cli.run_check(files, cli.CheckOptions(), 1)


def run_forced(files: list[Path]) -> list[tuple[Path, object]]:
    """Every rule on every file: read + decode + analyze(text + trigger comment)."""
    out = []
    for file in files:
        text = cli.read_source(file)
        out.append((file, analyze(text + FORCE_TRAILER, None, str(file))))
    return out


# Wall time spent in cyclic collections, by the pass they ran in (`timed`'s function name).
GC_SECONDS: dict[str, list[float]] = {}


def timed(function, *args):
    gc.collect()
    spent = [0.0, 0.0]  # seconds in collections, when the running one started

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            spent[1] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - spent[1]

    gc.callbacks.append(watch)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        result = function(*args)
    finally:
        gc.callbacks.remove(watch)
    GC_SECONDS.setdefault(function.__name__, []).append(spent[0])
    return result, time.perf_counter() - wall, time.process_time() - cpu


def per_file_latency(files: list[Path], sources: list[str]) -> list[tuple[float, float, Path, int]]:
    """(forced analysis seconds, ast.parse seconds, path, lines) per file, CPU time."""
    rows = []
    for file, text in zip(files, sources):
        forced = text + FORCE_TRAILER
        gc.collect()  # the previous file's garbage is not charged to this one
        start = time.process_time()
        ast.parse(text)
        parse = time.process_time() - start
        gc.collect()
        start = time.process_time()
        analyze(forced, None, str(file))
        check = time.process_time() - start
        rows.append((check, parse, file, len(split_lines(text))))
    return rows


def memory_peak(files: list[Path], sources: list[str]) -> tuple[int, Path | None, int]:
    """tracemalloc peak of the forced analysis of one file at a time (the biggest), its file,
    and the peak of a bare ast.parse of that same file."""
    best, best_file = 0, None
    tracemalloc.start()
    try:
        for file, text in zip(files, sources):
            forced = text + FORCE_TRAILER
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            analyze(forced, None, str(file))
            peak = tracemalloc.get_traced_memory()[1] - base
            if peak > best:
                best, best_file = peak, file
        parse_peak = 0
        if best_file is not None:
            text = sources[files.index(best_file)]
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            tree = ast.parse(text)
            parse_peak = tracemalloc.get_traced_memory()[1] - base
            del tree
    finally:
        tracemalloc.stop()
    return best, best_file, parse_peak


def run_cli(roots: list[Path], jobs: int) -> tuple[int, str, str, float]:
    command = [sys.executable, "-m", "jaxerr_lsp", "check", "--format", "json", "--show-notes",
               "-j", str(jobs), *map(str, roots)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


_HWM = """
import sys
from jaxerr_lsp.cli import main
code = main(sys.argv[1:])
for line in open("/proc/self/status"):
    if line.startswith("VmHWM:"):
        sys.stderr.write("VMHWM " + line.split()[1] + "\\n")
sys.exit(code)
"""


def cli_peak_rss(roots: list[Path]) -> int:
    """The CLI's own peak RSS in KiB (VmHWM of its process, read as it ends; ru_maxrss of a
    child would include this process's size at fork time)."""
    done = subprocess.run([sys.executable, "-c", _HWM, "check", "--format", "json", "-j", "1",
                           *map(str, roots)], capture_output=True, text=True, timeout=1800, check=False)
    for line in done.stderr.splitlines():
        if line.startswith("VMHWM "):
            return int(line.split()[1])
    return 0


# ------------------------------------------------------------------------------------ report
def internal_problems(path: str, notes: list[str], error: str | None) -> list[str]:
    out = []
    if error:
        out.append(error)
    for note in notes:
        lowered = note.lower()
        if "internal error" in lowered or "skipped" in lowered or "nested too deeply" in lowered:
            out.append(f"{path}: {note}")
    return out


_RAISES_NAMES = ("raises", "assertRaises", "assertRaisesRegex", "assertRaisesWithLiteralMatch",
                 "check_raises", "check_raises_regexp")
# Exceptions a `try` catches around code that is not meant to raise in JAX's sense.
_ORDINARY_CATCHES = {"ImportError", "ModuleNotFoundError", "OSError", "FileNotFoundError",
                     "KeyboardInterrupt", "StopIteration"}


def _is_raises_call(node: ast.AST) -> bool:
    """`pytest.raises(...)`, `self.assertRaises(...)`, `self.assertRaisesRegex(...)`,
    `jtu.check_raises(...)`, ..."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in _RAISES_NAMES


def _caught_names(handler: ast.ExceptHandler) -> list[str]:
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [t.attr if isinstance(t, ast.Attribute) else t.id if isinstance(t, ast.Name) else ""
            for t in types if t is not None]


def _catches_an_error(node: ast.AST) -> bool:
    """`try: ... except SomeError:` (or `except Exception as e: print(e)`, how JAX's docs show
    an error): the try body is meant to raise. Import guards and bare excepts are not."""
    if not isinstance(node, (ast.Try, ast.TryStar)):
        return False
    names = [name for handler in node.handlers for name in _caught_names(handler)]
    return any((name.endswith("Error") or name == "Exception") and name not in _ORDINARY_CATCHES
               for name in names)


@functools.cache
def _raising_lines(path: str) -> frozenset[int]:
    """Lines of `path` in code that is meant to raise: every test function holding a
    `with pytest.raises(...)` / `with self.assertRaises(...)` block, a
    `self.assertRaises(Error, fn, ...)` / `jtu.check_raises(fn, Error, ...)` call or (in a
    `test...` function) a `try: ... except SomeError:` (the mistake is often set up a few lines before the block
    that runs it: `f.defvjp_with_logs(fwd, bad_bwd)`, then
    `with self.assertRaisesRegex(TypeError, ...): jax.grad(f)(1.0)`); elsewhere, the block,
    or the body of a `try` that catches an error (JAX's docs show an error that way)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return frozenset()

    def expects_an_error(node: ast.AST) -> bool:
        return (isinstance(node, (ast.With, ast.AsyncWith))
                and any(_is_raises_call(item.context_expr) for item in node.items)) or (
            _is_raises_call(node) and len(node.args) >= 2)  # type: ignore[attr-defined]

    def is_test(node: ast.AST) -> bool:
        return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")

    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                expects_an_error(inner) or (is_test(node) and _catches_an_error(inner))
                for inner in ast.walk(node)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        elif expects_an_error(node):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))  # type: ignore[attr-defined]
        elif _catches_an_error(node):  # outside a test function: the try body only
            body = node.body  # type: ignore[attr-defined]
            lines.update(range(body[0].lineno, (body[-1].end_lineno or body[-1].lineno) + 1))
    return frozenset(lines)


def meant_to_raise(path: str, line: int) -> bool:
    return line in _raising_lines(path)


def fmt_s(seconds: float) -> str:
    return f"{seconds:8.3f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-download", action="store_true", help="use what is in --corpus")
    parser.add_argument("--packages", help="comma-separated subset of " + ",".join(PACKAGES))
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds of (parse, check, forced) measured in turn; the min counts")
    parser.add_argument("--skip-cli", action="store_true", help="no subprocess -j 1 / -j 2 run")
    parser.add_argument("--extra", type=Path, action="append", default=[], metavar="DIR",
                        help="more source trees to check with the corpus (e.g. the tests/ of a "
                             "JAX checkout: the code the family's rules target); repeatable")
    parser.add_argument("--profile", nargs="?", const="forced", choices=("forced", "check"),
                        help="cProfile the forced pass (default) or the plain check; top 25")
    parser.add_argument("--tracemalloc-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    packages = dict(PACKAGES)
    if args.packages is not None:  # '' : none of them (only --extra trees)
        wanted = [p.strip() for p in args.packages.split(",") if p.strip()]
        unknown = [p for p in wanted if p not in PACKAGES]
        if unknown:
            parser.error(f"unknown package(s): {', '.join(unknown)}")
        packages = {p: PACKAGES[p] for p in wanted}
    roots = ensure_corpus(args.corpus, packages, not args.no_download) if packages else []
    for extra in args.extra:
        if not extra.is_dir():
            parser.error(f"--extra {extra}: not a directory")
        roots.append(extra)
    files, missing = cli.collect_files([str(r) for r in roots])
    # Python files: what the ast.parse baseline can read (the notebooks the CLI also finds, in
    # flax's docs, are checked by the subprocess runs below)
    files = [f for f in files if f.suffix in (".py", ".pyi")]
    if missing:
        print("\n".join(missing), file=sys.stderr)
    sources = read_all(files)
    if args.tracemalloc_only:  # run by the main process, so tracemalloc's tables stay out of its RSS
        peak, peak_file, parse_peak = memory_peak(files, sources)
        print(json.dumps({"peak": peak, "file": str(peak_file), "parse_peak": parse_peak}))
        return 0
    line_counts = [len(split_lines(s)) for s in sources]
    total_lines = sum(line_counts)
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} CPUs")
    print("corpus:")
    for root in roots:
        inside = [(f, n) for f, n in zip(files, line_counts) if root in f.parents]
        print(f"  {root.name:<22} {len(inside):5d} files {sum(n for _, n in inside):9,d} lines")
    print(f"  {'total':<22} {len(files):5d} files {total_lines:9,d} lines")

    if args.profile:
        profiler = cProfile.Profile()
        target = run_forced if args.profile == "forced" else run_check
        profiler.enable()
        target(files)
        profiler.disable()
        for order in ("tottime", "cumulative"):
            print(f"\n--- cProfile of the {args.profile} pass, top 25 by {order} ---")
            stream = io.StringIO()
            pstats.Stats(profiler, stream=stream).strip_dirs().sort_stats(order).print_stats(25)
            print(stream.getvalue())
        return 0

    # Measured in turn, several rounds; each measure's minimum is reported (the least noisy
    # estimate on a shared machine), with the median beside it.
    times: dict[str, list[tuple[float, float]]] = {"parse": [], "parse_gc_off": [], "check": [],
                                                   "forced": []}
    results: list[cli.FileResult] = []
    forced: list[tuple[Path, object]] = []
    for _ in range(max(1, args.repeat)):
        _, wall, cpu = timed(run_parse, files)
        times["parse"].append((wall, cpu))
        _, wall, cpu = timed(run_parse_gc_off, files)
        times["parse_gc_off"].append((wall, cpu))
        results, wall, cpu = timed(run_check, files)
        times["check"].append((wall, cpu))
        forced, wall, cpu = timed(run_forced, files)
        times["forced"].append((wall, cpu))

    problems: list[str] = []
    notes: list[str] = []
    findings: list[str] = []
    # Warnings about silent bugs (a reused PRNG key): JAX raises nothing by default, so they are
    # not predictions of an error; listed apart, each to be read as well.
    silent: set[str] = set()
    for result in results:
        problems += internal_problems(result.path, result.notes, result.error)
        notes += [f"{result.path}: {n}" for n in result.notes]
        for finding in (item.finding for item in result.findings):
            head = finding.message.split("\n", 1)[0]
            line = f"{result.path}:{finding.span.start_line}:{finding.span.start_column + 1}: {finding.code} {head}"
            (silent.add(line) if finding.severity == "warning" else findings.append(line))
    forced_findings: list[str] = []
    forced_notes: list[str] = []
    for file, analysis in forced:
        problems += internal_problems(str(file), analysis.notes, None)  # type: ignore[attr-defined]
        forced_notes += [f"{file}: {n}" for n in analysis.notes]  # type: ignore[attr-defined]
        for finding in analysis.findings:  # type: ignore[attr-defined]
            head = finding.message.split("\n", 1)[0]
            line = f"{file}:{finding.span.start_line}:{finding.span.start_column + 1}: {finding.code} {head}"
            (silent.add(line) if finding.severity == "warning" else forced_findings.append(line))

    def raising(line: str) -> bool:
        path, number = line.split(":", 2)[:2]
        return meant_to_raise(path, int(number))

    print(f"\nfindings ({len([f for f in findings if not raising(f)])}, each to be read: "
          "zero false ones):")
    for line in findings:
        if not raising(line):
            print("  " + line)
    extra = sorted(set(forced_findings) - set(findings))
    if [f for f in extra if not raising(f)]:
        print(f"findings only in the forced pass ({len([f for f in extra if not raising(f)])}):")
        for line in extra:
            if not raising(line):
                print("  " + line)
    expected = sorted({f for f in findings + extra if raising(f)})
    print(f"findings in tests that expect an error (a pytest.raises / assertRaises in the same "
          f"function: true positives when it is this error; read them too) ({len(expected)}):")
    for line in expected:
        print("  " + line)
    print(f"warnings about silent bugs (JAX raises nothing by default; read them: real ones) ({len(silent)}):")
    for line in sorted(silent):
        print("  " + line)
    print(f"notes ({len(notes)} in the check, {len(forced_notes)} in the forced pass):")
    for line in sorted(set(notes) | set(forced_notes)):
        print("  " + line.replace("\n", "\n    "))
    analysed = sum(1 for s in sources if any(word in s for word in TRIGGERS))
    print(f"files the plain check parses (they name a rule's trigger): {analysed} of {len(files)}")

    def best(name: str, index: int) -> float:
        return min(t[index] for t in times[name])

    def median(name: str, index: int) -> float:
        return statistics.median(t[index] for t in times[name])

    print(f"\ntimes over {len(files)} files, {total_lines:,} lines "
          f"(min of {len(times['parse'])} rounds; median in brackets):")
    print(f"  {'':44} {'CPU':>10} {'':12} {'wall':>10}")
    for name, label in (("parse", "ast.parse (read + decode + parse)"),
                        ("parse_gc_off", "ast.parse, cyclic GC off during each parse"),
                        ("check", "jaxerr check, in-process, -j 1"),
                        ("forced", "every rule forced on every file")):
        print(f"  {label:44} {fmt_s(best(name, 1))} ({median(name, 1):6.3f}) "
              f"{fmt_s(best(name, 0))} ({median(name, 0):6.3f})")
    for name, label in (("check", "check / ast.parse"), ("forced", "forced / ast.parse")):
        ratio_cpu = best(name, 1) / best("parse", 1)
        ratio_wall = best(name, 0) / best("parse", 0)
        verdict = "ok" if ratio_cpu <= 1.5 else "OVER the 1.5x target"
        print(f"  {label:44} {ratio_cpu:8.2f} x   {'':10} {ratio_wall:8.2f} x   [{verdict}]")
        strict = best(name, 1) / best("parse_gc_off", 1)
        print(f"  {label + ' (GC off)':44} {strict:8.2f} x   {'':10} "
              f"{best(name, 0) / best('parse_gc_off', 0):8.2f} x")
    for name, label in (("check", "lines/s, check"), ("forced", "lines/s, forced"),
                        ("parse", "lines/s, ast.parse")):
        print(f"  {label:44} {total_lines / best(name, 1):10,.0f}   {'':10} "
              f"{total_lines / best(name, 0):10,.0f}")
    # The analysis leaves no cyclic garbage (tests/test_engine.py): collections cost next to
    # nothing; a cycle left in the model would show here first (2.8 s of the check before).
    for name, label in (("run_parse", "ast.parse"), ("run_check", "check"), ("run_forced", "forced")):
        print(f"  {'cyclic GC during ' + label + ' (wall, min)':44} {min(GC_SECONDS[name]):8.3f} s")

    rows = per_file_latency(files, sources)
    checks = sorted(r[0] for r in rows)
    print("\nper file, forced analysis, CPU time:")
    for q in (50, 90, 99):
        print(f"  p{q:<3} {checks[min(len(checks) - 1, len(checks) * q // 100)] * 1000:8.2f} ms")
    print(f"  max  {checks[-1] * 1000:8.2f} ms")
    print("  slowest files (forced analysis, ast.parse, ratio, lines):")
    for check, parse, file, lines in sorted(rows, key=lambda r: -r[0])[:8]:
        print(f"    {check * 1000:8.1f} ms {parse * 1000:8.1f} ms {check / max(parse, 1e-9):5.1f} x "
              f"{lines:7,d}  {file}")
    worst_ratio = sorted((r for r in rows if r[3] >= 200), key=lambda r: -(r[0] / max(r[1], 1e-9)))[:5]
    print("  highest ratio to ast.parse (files of 200+ lines):")
    for check, parse, file, lines in worst_ratio:
        print(f"    {check / max(parse, 1e-9):5.1f} x {check * 1000:8.1f} ms {lines:7,d}  {file}")

    mismatch = False
    if not args.skip_cli:
        print("\nthe real CLI (subprocess, --format json):")
        runs = {}
        for jobs in (1, 2):
            rc, out, err, wall = run_cli(roots, jobs)
            runs[jobs] = (rc, out, err)
            try:
                count = len(json.loads(out))
            except ValueError:
                count = -1
            print(f"  -j {jobs}: exit {rc}, {count} findings, {wall:6.2f} s wall")
            for line in err.splitlines():
                # a notebook Python cannot parse is the notebook's (flax's docs have one typo)
                notebook = ".ipynb:cell " in line or ".md:" in line
                if "internal error" in line.lower() or ("error:" in line.lower() and not notebook):
                    problems.append(f"CLI -j {jobs}: {line}")
        print(f"  peak RSS (VmHWM) of `jaxerr check -j 1` over the corpus: {cli_peak_rss(roots) / 1024:8.1f} MiB")
        if runs[1] != runs[2]:
            mismatch = True
            print("  MISMATCH: -j 1 and -j 2 differ (exit code, stdout or stderr)")
        else:
            print("  -j 1 and -j 2: identical exit code, stdout and stderr")
        try:
            from_cli = sorted(f"{d['path']}:{d['line']}:{d['column']}: {d['code']}"
                              for d in json.loads(runs[1][1]))
        except ValueError:
            from_cli = []
        in_process = sorted(line.split(" ", 2)[0] + " " + line.split(" ", 2)[1] for line in findings)
        if from_cli != in_process:
            mismatch = True
            print("  MISMATCH: the subprocess's findings differ from the in-process check")

    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child = subprocess.run([sys.executable, __file__, "--tracemalloc-only", "--no-download",
                            "--corpus", str(args.corpus), *(["--packages", args.packages] if args.packages else [])],
                           capture_output=True, text=True, timeout=1800, check=False)
    try:
        traced = json.loads(child.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        traced = {"peak": 0, "file": f"(tracemalloc run failed: {child.stderr[-300:]})", "parse_peak": 0}
    print("\nmemory:")
    print(f"  peak RSS of this process (corpus text held, every pass above): {rss_kib / 1024:8.1f} MiB")
    print(f"  tracemalloc peak of one file's forced analysis: {traced['peak'] / 2**20:8.1f} MiB  "
          f"({traced['file']}; a bare ast.parse of it: {traced['parse_peak'] / 2**20:.1f} MiB)")
    if traced["parse_peak"]:
        memory_ratio = traced["peak"] / traced["parse_peak"]
        print(f"  analysis peak / ast.parse peak, that file: {memory_ratio:8.2f} x   "
              f"[{'ok' if memory_ratio <= 2.0 else 'OVER the 2x target'}]")

    print(f"\ninternal errors: {len(problems)}")
    for problem in problems:
        print("  " + problem.replace("\n", "\n    "))
    return 1 if problems or mismatch else 0


if __name__ == "__main__":
    raise SystemExit(main())
