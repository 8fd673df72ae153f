#!/usr/bin/env python3
"""What `jaxerr run` costs next to plain `python`, measured side by side in one run.

Not a test. A JAX program that traces and compiles a few dozen functions (jit, grad, vmap,
custom_vjp, lax loops: JAX raises and catches exceptions of its own while tracing, which is
what the raise-site watch sees) runs, in alternating rounds:

- `python prog.py`                 the baseline;
- `python -m jaxerr_lsp run prog.py`  the runtime companion (jaxerr's start, the catalog, the
                                    raise-site watch on for the whole run);
- `python watch.py prog.py`        the program in-process with only the watch started (the
                                    watch's own share);

and prints, for each, the minimum and median wall and CPU time of `--repeat` rounds (child
processes' user + system time), and the ratios to the baseline. Also: the time to load the
catalog and to explain one exception in-process.

    .venv/bin/python bench/bench_runtime.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    @jax.custom_vjp
    def clip_grad(x):
        return x

    clip_grad.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -1.0, 1.0),))

    def mlp(params, x):
        for w, b in params:
            x = jnp.tanh(clip_grad(x @ w + b))
        return x.sum()

    def init(key, sizes):
        keys = jax.random.split(key, len(sizes))
        return [(jax.random.normal(k, (m, n)) * 0.1, jnp.zeros(n))
                for k, m, n in zip(keys, sizes[:-1], sizes[1:])]

    total = 0.0
    for depth in range(2, 6):  # a new shape each time: trace and compile again
        params = init(jax.random.key(depth), [8] * depth + [1])
        x = jnp.ones((4, 8))
        step = jax.jit(jax.grad(mlp))
        for _ in range(3):
            grads = step(params, x)
            params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
        per_example = jax.vmap(jax.grad(mlp), in_axes=(None, 0))(params, x)
        looped = jax.lax.fori_loop(0, depth, lambda i, c: c + mlp(params, x), 0.0)
        total += float(looped) + float(jax.tree.leaves(per_example)[0].sum())
    print(round(total, 3))
''')

WATCH_ONLY = textwrap.dedent('''
    import runpy, sys
    from jaxerr_lsp.runtime.companion import watch_raise_sites
    watch_raise_sites().start()
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
''')


def _timed(command: list[str], cwd: Path) -> tuple[float, float]:
    env = {**os.environ, "JAX_PLATFORMS": "cpu",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command} failed:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _in_process() -> None:
    sys.path.insert(0, str(ROOT))
    start = time.perf_counter()
    from jaxerr_lsp.errors.catalog import load_catalog
    from jaxerr_lsp.runtime.companion import explain_exception
    catalog = load_catalog()
    loaded = time.perf_counter() - start
    try:
        raise ValueError("too many values to unpack (expected 2)")  # matches nothing: the slowest
    except ValueError as error:
        start = time.perf_counter()
        for _ in range(20):
            explain_exception(error, catalog)
        explained = (time.perf_counter() - start) / 20
    print(f"in-process: catalog load {loaded * 1000:.0f} ms, explain one exception "
          f"{explained * 1000:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jaxerr-bench-run-") as tmp:
        folder = Path(tmp)
        (folder / "prog.py").write_text(PROGRAM)
        (folder / "watch.py").write_text(WATCH_ONLY)
        variants = {
            "python prog.py": [sys.executable, "prog.py"],
            "jaxerr run prog.py": [sys.executable, "-m", "jaxerr_lsp", "run", "prog.py"],
            "watch only": [sys.executable, "watch.py", "prog.py"],
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
        _timed(variants["python prog.py"], folder)  # warm the file caches
        for _ in range(args.repeat):
            for name, command in variants.items():
                times[name].append(_timed(command, folder))
    base_wall = min(w for w, _ in times["python prog.py"])
    base_cpu = min(c for _, c in times["python prog.py"])
    print(f"{'':22} {'wall min':>9} {'median':>8} {'cpu min':>9} {'median':>8}  ratio (min wall, min cpu)")
    for name, samples in times.items():
        walls, cpus = [w for w, _ in samples], [c for _, c in samples]
        print(f"{name:22} {min(walls):8.2f}s {statistics.median(walls):7.2f}s "
              f"{min(cpus):8.2f}s {statistics.median(cpus):7.2f}s  "
              f"{min(walls) / base_wall:.3f}x  {min(cpus) / base_cpu:.3f}x")
    _in_process()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
