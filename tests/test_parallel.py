"""`jaxerr check -j 2` prints exactly what `-j 1` prints, in the same order, with the same exit
code: on a folder tree of many files with triggers, clean files, broken files and an
undecodable one. Real CLI subprocesses."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRIGGERS = ROOT / "examples" / "triggers"

WITH_REFS_TRIGGER = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    params = {"w": jnp.ones(3), "b": jnp.zeros(3)}

    def loss(params, x):
        return jnp.sum(params["w"] * x + params["b"])

    grads = (jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))
    out, f_vjp = jax.vjp(loss, params, jnp.ones(3))
    f_vjp.with_refs(grads, jax.ad.DontWant())(1.0)  # expect: JXE001
''')

LOGS_TRIGGER = textwrap.dedent('''
    import jax

    @jax.custom_vjp
    def f(x):
        return x

    def f_fwd(x):
        return x, None

    def f_bwd(res, g):
        return (g,), [g]  # expect: JXE002

    f.defvjp_with_logs(f_fwd, f_bwd)
''')

PAIR_TRIGGER = textwrap.dedent('''
    import jax

    @jax.custom_vjp
    def f(x):
        return x

    def f_fwd(x):
        return x, None

    def f_bwd(res, g):
        return None  # expect: JXE003

    f.defvjp_with_logs(f_fwd, f_bwd)
''')

# Three triggers in one module, under one import header.
MULTI = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    @jax.custom_vjp
    def f(x):
        return x

    def f_fwd(x):
        return x, None

    def f_bwd(res, g):
        if g is None:
            return None  # expect: JXE003
        return (g,), "logs"  # expect: JXE002

    f.defvjp_with_logs(f_fwd, f_bwd)

    def loss(a, b):
        return jnp.sum(a * b)

    _, pull = jax.vjp(loss, jnp.ones(2), jnp.ones(2))
    pull.with_refs(jax.new_ref(jnp.zeros(2)))(1.0)  # expect: JXE001
''')

CLEAN = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    def step(params, x):
        return jax.tree.map(lambda p: p - 0.1 * jnp.mean(x), params)
''')


def _expected_markers(text: str) -> int:
    return text.count("# expect: JXE")


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> tuple[Path, int]:
    """A folder of ~120 files in nested packages; returns it and the number of findings."""
    base = tmp_path_factory.mktemp("parallel") / "project"
    expected = 0
    bodies = [WITH_REFS_TRIGGER, LOGS_TRIGGER, PAIR_TRIGGER, CLEAN, MULTI]
    for package in range(6):
        folder = base / f"pkg{package}" / ("sub" if package % 2 else "")
        folder.mkdir(parents=True, exist_ok=True)
        for number in range(18):
            body = bodies[(package + number) % len(bodies)]
            # Vary the position of the triggers (leading blank lines).
            text = "\n" * (number % 5) + body
            if number % 11 == 3:
                text += "\ndef broken(:\n    pass\n"  # a syntax error after the trigger
            (folder / f"mod_{number:02d}.py").write_text(text, encoding="utf-8")
            expected += _expected_markers(text)
    if TRIGGERS.is_dir():
        for example in sorted(TRIGGERS.glob("*.py")):
            target = base / "examples" / example.name
            target.parent.mkdir(exist_ok=True)
            shutil.copy(example, target)
            expected += _expected_markers(example.read_text(encoding="utf-8"))
    (base / "pkg2" / "latin.py").write_bytes(
        b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + LOGS_TRIGGER.encode("latin-1"))
    expected += 1
    (base / "pkg3" / "undecodable.py").write_bytes(b"x = '\xff\xfe\xfa'\n")  # not UTF-8
    (base / "pkg4" / "empty.py").write_bytes(b"")
    (base / "pkg5" / "deep.py").write_text("x = " + "(" * 1200 + ")" * 1200 + "\nwith_refs\n")
    return base, expected


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", "check", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=240)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_two_jobs_same_output_same_order(tree, fmt):
    base, expected = tree
    one = _run(["project", "--format", fmt, "--show-notes", "-j", "1"], base.parent)
    two = _run(["project", "--format", fmt, "--show-notes", "-j", "2"], base.parent)
    assert one.returncode == 2, one.stderr  # the undecodable file makes it 2
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    if fmt == "json":
        findings = json.loads(one.stdout)
        assert len(findings) == expected
        keys = [(f["path"], f["line"], f["column"]) for f in findings]
        # Files in walk order (sorted folders, sorted names), findings in position order.
        paths = [k[0] for k in keys]
        assert [p for i, p in enumerate(paths) if i == 0 or paths[i - 1] != p] == \
            list(dict.fromkeys(paths))
        for path in set(paths):
            lines = [(line, column) for p, line, column in keys if p == path]
            assert lines == sorted(lines)
    else:
        [found] = [line for line in one.stdout.splitlines() if line.startswith("Found ")]
        assert sum(int(n) for n in re.findall(r"(\d+) (?:error|warning)s?\b", found)) == expected, found
    assert "undecodable.py" in one.stderr
    assert "internal error" not in one.stderr.lower()


def test_more_jobs_than_files_and_three_jobs(tree):
    base, _ = tree
    one = _run(["project/pkg0", "project/pkg1", "--format", "json", "-j", "1"], base.parent)
    three = _run(["project/pkg0", "project/pkg1", "--format", "json", "-j", "3"], base.parent)
    assert (three.returncode, three.stdout, three.stderr) == (one.returncode, one.stdout, one.stderr)
    single = base / "pkg0" / "mod_04.py"  # MULTI
    a = _run([str(single), "-j", "1"], base)
    b = _run([str(single), "-j", "8"], base)
    assert (b.returncode, b.stdout, b.stderr) == (a.returncode, a.stdout, a.stderr)
    assert a.returncode == 1
