"""The runtime companion's matcher (jaxerr_lsp.runtime.companion) on the real exceptions of real JAX.

Every catalog entry's `[example] before` runs under the installed JAX (0.12.0.1) with the
traceback filtering users get by default (JAX removes its own frames), and once more with
`jax_custom_vjp3=True` when it uses custom_vjp (JAX's second implementation, other messages):
`explain_exception` must return that entry, with the likely cause in the example's own file.
Errors the catalog does not describe, a JAX one included, must get nothing; so must Python's
own wording of a generic raise site when the error began in the user's code, even though it
passes through that site's line in JAX.

The programs run in two subprocesses (this process never imports JAX), each running its share
one after the other as `jaxerr run` would run them: a file on disk, `__main__`, the raise-site
watch on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import Entry, load_catalog

ROOT = Path(__file__).resolve().parent.parent
CATALOG = load_catalog()
VJP3 = (("jax_custom_vjp3", True),)

_WORKER = textwrap.dedent(r'''
    import json, sys, warnings
    warnings.simplefilter("ignore")
    import jax
    from jaxerr_lsp.errors.catalog import load_catalog
    from jaxerr_lsp.runtime.companion import explain_exception, watch_raise_sites

    catalog = load_catalog()
    watch = watch_raise_sites()
    watch.start()
    results = []
    for path, settings in json.load(open(sys.argv[1], encoding="utf-8")):
        saved = dict(jax.config.values)
        result = {"raised": None}
        try:
            for name, value in settings:
                jax.config.update(name, value)
            source = open(path, encoding="utf-8").read()
            exec(compile(source, path, "exec"), {"__name__": "__main__", "__file__": path,
                                                 "__builtins__": __builtins__})
        except Exception as error:
            explanation = explain_exception(error)
            frame = explanation.frame if explanation else None
            alone = explain_exception(error, catalog, watched=False)  # the message, no watch
            result = {
                "raised": f"{type(error).__name__}: {error}",
                "entry": explanation.entry.id if explanation else None,
                "frame": [frame.file, frame.line, frame.code] if frame else None,
                "without_watch": alone.entry.id if alone else None,
            }
        finally:
            for name, value in saved.items():
                if jax.config.values.get(name) != value:
                    jax.config.update(name, value)
        results.append(result)
    watch.stop()
    json.dump(results, open(sys.argv[2], "w", encoding="utf-8"))
''')


@dataclass(frozen=True)
class Run:
    raised: str | None
    entry: str | None = None
    frame: tuple[str, int, str] | None = None
    without_watch: str | None = None


def _run_share(programs: list[tuple[Path, tuple[tuple[str, object], ...]]], folder: Path,
               index: int) -> list[Run]:
    listing, results = folder / f"programs{index}.json", folder / f"results{index}.json"
    listing.write_text(json.dumps([[str(path), list(settings)] for path, settings in programs]))
    env = {k: v for k, v in os.environ.items() if k != "JAX_TRACEBACK_FILTERING"}
    env.update(JAX_PLATFORMS="cpu", PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])))
    done = subprocess.run([sys.executable, "-c", _WORKER, str(listing), str(results)],
                          capture_output=True, text=True, timeout=600, env=env, cwd=folder)
    assert results.exists(), f"the worker died ({done.returncode}):\n{done.stderr[-3000:]}"
    return [Run(r["raised"], r.get("entry"), tuple(r["frame"]) if r.get("frame") else None,
                r.get("without_watch")) for r in json.loads(results.read_text())]


def run_batch(programs: dict[str, tuple[str, tuple[tuple[str, object], ...]]],
              folder: Path) -> dict[str, Run]:
    """Each program (name -> source, JAX settings) written to `folder` and run; the runs by name."""
    items = []
    for name, (source, settings) in programs.items():
        path = folder / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        items.append((path, settings))
    shares = [items[0::2], items[1::2]]
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(lambda i: _run_share(shares[i], folder, i), range(2)))
    by_path = {str(path): run for share, runs in zip(shares, done) for (path, _), run in zip(share, runs)}
    return {name: by_path[str(folder / f"{name}.py")] for name in programs}


def _uses_custom_vjp(entry: Entry) -> bool:
    """custom_vjp, or custom_gradient (built on custom_vjp): both of JAX's implementations."""
    return "custom_vjp" in entry.example_before or "custom_gradient" in entry.example_before


# (an error this machine cannot raise has no example to run)
REPRODUCIBLE = [entry for entry in CATALOG if entry.reproducible]
CASES = [(entry, ()) for entry in REPRODUCIBLE] + [(entry, VJP3) for entry in REPRODUCIBLE
                                                   if _uses_custom_vjp(entry)]
CASE_IDS = [f"{entry.id}{'-custom_vjp3' if settings else ''}" for entry, settings in CASES]

# Errors no entry describes. `user_unpack_in_fwd`: the user's fwd rule fails with Python's
# "too many values to unpack (expected 2)" itself; the error passes the line of JAX where
# that wording is the catalog's (custom-vjp-fwd-not-pair), but did not begin there.
UNPACK_IN_FWD = '''
import jax


@jax.custom_vjp
def f(x):
    return x


def f_fwd(x):
    a, b = (x, x, x)
    return x, None


f.defvjp(f_fwd, lambda res, g: (g,))
jax.grad(f)(1.0)
'''
NO_MATCH = {
    "zero_division": ("1 / 0\n", ()),
    "user_unpack": ("a, b = (1, 2, 3)\n", ()),
    "jax_reshape_two_unknowns": ("import jax.numpy as jnp\njnp.zeros(4).reshape(-1, -1)\n", ()),
    "user_unpack_in_fwd": (UNPACK_IN_FWD, ()),
    "user_unpack_in_fwd_custom_vjp3": (UNPACK_IN_FWD, VJP3),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    programs = {case_id: (entry.example_before, settings)
                for case_id, (entry, settings) in zip(CASE_IDS, CASES)}
    programs.update(NO_MATCH)
    return run_batch(programs, tmp_path_factory.mktemp("runtime"))


def test_both_custom_vjp_paths_are_exercised():
    assert sum(bool(settings) for _, settings in CASES) >= 10


@pytest.mark.parametrize("entry,settings", CASES, ids=CASE_IDS)
def test_real_error_is_explained_by_its_entry(entry: Entry, settings, runs: dict[str, Run],
                                              tmp_path_factory: pytest.TempPathFactory):
    case_id = CASE_IDS[CASES.index((entry, settings))]
    run = runs[case_id]
    assert run.raised, f"{case_id}: the example ran clean"
    assert run.entry == entry.id, f"{case_id}: explained as {run.entry}; JAX raised\n{run.raised}"
    # The likely cause: a line of the example itself, quoted as written.
    assert run.frame is not None, case_id
    file, line, code = run.frame
    assert Path(file).name == f"{case_id}.py"
    assert code and code == entry.example_before.splitlines()[line - 1].strip()


def test_generic_sites_need_the_watch(runs: dict[str, Run]):
    """The messages that are Python's own wording are recognized only because the watch saw
    them begin at their site inside JAX (which JAX filtered out of the traceback)."""
    generic = {entry.id for entry in CATALOG if any(source.generic for source in entry.sources)}
    helped = {case_id for case_id, (entry, _) in zip(CASE_IDS, CASES)
              if runs[case_id].entry == entry.id and runs[case_id].without_watch != entry.id}
    assert helped, "no example needed the raise-site watch"
    assert {case_id.removesuffix("-custom_vjp3") for case_id in helped} <= generic, helped


@pytest.mark.parametrize("name", list(NO_MATCH))
def test_errors_outside_the_catalog_get_nothing(name: str, runs: dict[str, Run]):
    run = runs[name]
    assert run.raised, name
    assert run.entry is None, (name, run.raised, run.entry)
