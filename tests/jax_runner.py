"""The one place the tests run programs under the real JAX of the test environment.

`run_programs(programs)` runs a batch: the programs are split over a few subprocesses (in
parallel), each imports JAX once and runs its programs one after the other, each in a fresh
namespace as a script (`__name__ == "__main__"`, `__file__` and `sys.argv[0]` its filename),
compiled with its filename so that tracebacks and JAX's own messages (`loss at case.py:12`)
name the real path. A program may come with JAX settings made before it runs
(`Program.config`); JAX's configuration is restored after each program, so a program that
turns on `jax_custom_vjp3` does not change the next one. A program that reads a JAX submodule
`import jax` alone does not load (`jax.scipy.optimize`) without importing it runs in a worker
of its own: an earlier program's imports would have loaded it. The test process itself never
imports JAX.

Each result says whether the program raised, the exception's type, module and message, the
traceback as Python prints it, the frame that raised (file, function, line), and what the
program printed.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

_WORKER = textwrap.dedent(r'''
    import contextlib, io, json, sys, traceback, warnings
    warnings.simplefilter("ignore")
    import jax  # once for every program of this worker
    programs_path, results_path = sys.argv[1], sys.argv[2]
    programs = json.load(open(programs_path, encoding="utf-8"))
    results = []
    for source, filename, settings in programs:
        config = dict(jax.config.values)
        out = io.StringIO()
        sys.argv = [filename]
        result = {"raised": False}
        try:
            for name, value in settings:
                jax.config.update(name, value)
            code = compile(source, filename, "exec")
            with contextlib.redirect_stdout(out):
                exec(code, {"__name__": "__main__", "__file__": filename, "__builtins__": __builtins__})
        except BaseException as error:  # SystemExit and KeyboardInterrupt of a program too
            frames = traceback.extract_tb(error.__traceback__)
            last = frames[-1] if frames else None
            result = {
                "raised": True, "type": type(error).__name__, "module": type(error).__module__,
                "message": str(error),
                "traceback": "".join(traceback.format_exception(error)),
                "frame": [last.filename, last.name, last.lineno] if last else None,
            }
        result["stdout"] = out.getvalue()
        results.append(result)
        for name, value in config.items():
            if jax.config.values.get(name) != value:
                jax.config.update(name, value)
    json.dump(results, open(results_path, "w", encoding="utf-8"))
''')


# XLA's CPU backend without its expensive optimization passes (programs run the same).
FAST_XLA_FLAGS = ("--xla_backend_optimization_level=0", "--xla_llvm_disable_expensive_passes=true")


@dataclass(frozen=True)
class Program:
    source: str
    filename: str = "<program>"  # the path tracebacks and JAX's messages show
    # JAX settings made before the program runs (and undone after), e.g.
    # (("jax_custom_vjp3", True),) for custom_vjp's second code path (jax/_src/hijax.py).
    config: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Frame:
    file: str
    function: str
    line: int


@dataclass(frozen=True)
class Result:
    raised: bool
    stdout: str
    type: str | None = None  # the exception's class name, e.g. "ValueError"
    module: str | None = None  # its module ("builtins" for JAX's ValueError and TypeError)
    message: str | None = None  # str(exception)
    traceback: str | None = None  # as Python prints it on stderr
    frame: Frame | None = None  # where it was raised: the innermost frame of the traceback

    def __getitem__(self, key: str) -> object:
        """`result["raised"]`: the runner's results were plain dicts; tests/test_cli.py still
        reads them so. New code reads attributes."""
        return getattr(self, key)

    def __str__(self) -> str:
        if not self.raised:
            return f"ran clean; printed {self.stdout!r}"
        return self.traceback or f"{self.type}: {self.message}"


@functools.cache
def _unimported() -> tuple[tuple[str, str], ...]:
    """(package, submodule) pairs `import jax` alone does not load (the generated table)."""
    table = Path(__file__).resolve().parent.parent / "jaxerr_lsp" / "data" / "jax_attributes.json"
    row = json.loads(table.read_text(encoding="utf-8"))["functions"]["import jax"]["unimported"]
    return tuple((package, name) for package, names in row.items() for name in names)


def needs_fresh_interpreter(source: str) -> bool:
    """The program reads `<package>.<submodule>` (`scipy.optimize`) for a submodule `import
    jax` does not load, and never imports it."""
    for package, name in _unimported():
        full = f"{package}.{name}"
        if re.search(rf"\b{re.escape(package.rpartition('.')[2])}\.{re.escape(name)}\b", source) and not re.search(
                rf"import\s+{re.escape(full)}\b|from\s+{re.escape(full)}\b"
                rf"|from\s+{re.escape(package)}\s+import\s+[^\n]*\b{re.escape(name)}\b", source):
            return True
    return False


def _workers(count: int, workers: int | None) -> int:
    if workers is None:
        workers = min(4, os.cpu_count() or 2)
    return max(1, min(workers, count))


def _run_worker(batch: list[Program], timeout: float) -> list[Result]:
    with tempfile.TemporaryDirectory(prefix="jaxerr-run-") as tmp:
        programs_path = os.path.join(tmp, "programs.json")
        results_path = os.path.join(tmp, "results.json")
        with open(programs_path, "w", encoding="utf-8") as f:
            json.dump([[p.source, p.filename, list(p.config)] for p in batch], f)
        # Unfiltered tracebacks: the raising frame is the `raise` inside JAX, not the user's call.
        # XLA compiles each small program without its costly CPU optimizations: what JAX
        # raises is decided while tracing, in Python, before XLA; a run takes ~30% less time
        # (the results were compared: only object addresses in messages differed).
        env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONHASHSEED": "0",
               "JAX_TRACEBACK_FILTERING": "off",
               "XLA_FLAGS": " ".join((*FAST_XLA_FLAGS, os.environ.get("XLA_FLAGS", ""))).strip()}
        completed = subprocess.run(
            [sys.executable, "-c", _WORKER, programs_path, results_path], capture_output=True,
            text=True, timeout=timeout, env=env, cwd=tmp)
        assert os.path.exists(results_path), (
            f"the JAX runner died (exit {completed.returncode}):\n{completed.stderr[-3000:]}")
        with open(results_path, encoding="utf-8") as f:
            raw = json.load(f)
    results = []
    for item in raw:
        frame = item.pop("frame", None)
        results.append(Result(**item, frame=Frame(*frame) if frame else None))
    return results


def run_programs(programs: Sequence[str | Program], *, timeout: float = 600,
                 workers: int | None = None) -> list[Result]:
    """Run every program under JAX; the results in the programs' order."""
    batch = [p if isinstance(p, Program) else Program(p) for p in programs]
    if not batch:
        return []
    alone = [i for i, p in enumerate(batch) if needs_fresh_interpreter(p.source)]
    shared = sorted(set(range(len(batch))) - set(alone))
    count = _workers(len(shared), workers) if shared else 0
    # Round robin: neighbours (often alike in cost) go to different workers.
    shares = [shared[i::count] for i in range(count)] + [[i] for i in alone]
    with ThreadPoolExecutor(max_workers=_workers(len(shares), workers)) as pool:
        done = list(pool.map(lambda share: _run_worker([batch[i] for i in share], timeout), shares))
    results: list[Result | None] = [None] * len(batch)
    for share, share_results in zip(shares, done):
        for index, result in zip(share, share_results):
            results[index] = result
    return results  # type: ignore[return-value]
