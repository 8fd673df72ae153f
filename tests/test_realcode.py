"""The checker on real code: the installed `jax` package's own source, and a fixed sample of
correct programs that use the APIs the rules look at (each verified to run clean under JAX).

Real code must give no internal error and no finding (precision first: a finding on real code is
either a real bug, then asserted here exactly, or a false alarm). `bench/bench_corpus.py` is the
large version (jax, flax, optax, equinox, chex, numpyro, with timings).
"""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import pytest

from jaxerr_lsp import cli
from jaxerr_lsp.engine.run import analyze
from tests.case_files import FORCE_TRAILER, TRIGGER_WORDS

# Appended to a file to make every rule run on it (each rule only parses files that name what it
# looks for; this comment names all of it), so the module model and the rules see all the code.


def _jax_source_root() -> Path:
    """The installed jax package folder, found without importing jax."""
    spec = importlib.util.find_spec("jax")
    assert spec is not None and spec.submodule_search_locations, \
        "jax is not installed: run `bash scripts/bootstrap.sh test` (the test extras install it)"
    return Path(next(iter(spec.submodule_search_locations)))


def _internal_problems(path: str, notes: list[str], error: str | None) -> list[str]:
    out = [error] if error else []
    for note in notes:
        lowered = note.lower()
        if "internal error" in lowered or "skipped" in lowered or "nested too deeply" in lowered:
            out.append(f"{path}: {note}")
    return out


@pytest.fixture(scope="module")
def jax_files() -> list[Path]:
    files, errors = cli.collect_files([str(_jax_source_root())])
    assert not errors
    assert len(files) > 300, f"expected the whole jax package, found {len(files)} files"
    return files


def test_jax_package_through_the_cli_code_path(jax_files):
    """`jaxerr check <site-packages>/jax`, in-process: every file read and checked, no
    internal error, no finding."""
    results = cli.run_check(jax_files, cli.CheckOptions(), 1)
    assert len(results) == len(jax_files)
    problems = [p for r in results for p in _internal_problems(r.path, r.notes, r.error)]
    assert problems == []
    findings = [f"{r.path}:{f.span.start_line}: {f.code} {f.message.splitlines()[0]}"
                for r in results for f in r.findings]
    assert findings == []
    # The few files that name the APIs the rules look at were really analysed.
    analysed = [r.path for r in results
                if any(word in cli.read_source(Path(r.path)) for word in TRIGGER_WORDS)]
    assert any(p.endswith("custom_derivatives.py") for p in analysed)
    assert any(p.endswith("api.py") for p in analysed)


def test_jax_package_every_rule_forced(jax_files):
    """Every third file of jax (by sorted path) analysed with every rule forced to run: the
    module model and all rules walk real code without an internal error or a finding. (The
    benchmark does all files of six libraries.)"""
    problems, findings, partial = [], [], []
    for file in sorted(jax_files)[::3]:
        text = cli.read_source(file)
        analysis = analyze(text + FORCE_TRAILER, None, str(file))
        problems += _internal_problems(str(file), analysis.notes, None)
        findings += [f"{file}:{f.span.start_line}: {f.code}" for f in analysis.findings]
        if not analysis.parsed_fully:
            partial.append(str(file))
    assert problems == []
    assert findings == []
    assert partial == []  # jax's source is valid Python 3.12


# ------------------------------------------------------------------------------------ sample
# Correct programs in the idioms people write with these APIs. Each runs clean under JAX
# 0.12.0.1 (checked below), so any finding on them is a false alarm.
SAMPLE = {
    "logs_dict_and_none": '''
        import jax
        import jax.numpy as jnp
        from functools import partial

        @jax.custom_vjp
        def scale(x, y):
            return x * y

        def scale_fwd(x, y):
            return x * y, (x, y)

        def scale_bwd(res, g):
            x, y = res
            logs = {"g_norm": jnp.sum(g ** 2)}
            return (g * y, g * x), logs

        scale.defvjp_with_logs(scale_fwd, scale_bwd)
        assert jax.grad(scale)(2.0, 3.0) == 3.0

        @jax.custom_vjp
        def clip_grad(x):
            return x

        def clip_fwd(x):
            return x, None

        def clip_bwd(_, g):
            if g is None:
                return (g,), None
            return (jnp.clip(g, -1.0, 1.0),), None

        clip_grad.defvjp_with_logs(clip_fwd, clip_bwd)
        assert jax.grad(lambda x: clip_grad(x) * 3.0)(1.0) == 1.0

        @partial(jax.custom_vjp, nondiff_argnums=(0,))
        def apply(fn, x):
            return fn(x)

        def apply_fwd(fn, x):
            return fn(x), x

        def apply_bwd(fn, x, g):
            cts = (g * 2.0,)
            return cts, dict(seen=g)

        apply.defvjp_with_logs(apply_fwd, apply_bwd)
        assert jax.grad(lambda x: apply(jnp.sin, x))(1.0) == 2.0

        def make_bwd(name):
            def bwd(res, g):
                return (g,), {name: g}
            return bwd

        @jax.custom_vjp
        def ident(x):
            return x

        ident.defvjp_with_logs(lambda x: (x, None), make_bwd("ident"))
        assert jax.grad(ident)(1.0) == 1.0
    ''',
    "logs_read_back": '''
        import jax
        import jax.numpy as jnp

        @jax.custom_vjp
        def f(x):
            return jnp.sin(x)

        def f_fwd(x):
            return jnp.sin(x), jnp.cos(x)

        def f_bwd(cos_x, g):
            ct = g * cos_x
            return (ct,), {"f/ct": ct}

        f.defvjp_with_logs(f_fwd, f_bwd)
        y, f_vjp = jax.vjp(f, 0.0)
        (x_ct,), logs = f_vjp.with_logs(1.0)
        assert float(x_ct) == 1.0 and set(logs) == {"f/ct"}
    ''',
    "with_refs_nested_tree_map_has_aux": '''
        import jax
        import jax.numpy as jnp

        params = {"dense": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}, "scale": jnp.array(1.0)}
        batch = (jnp.ones((3, 2)), jnp.zeros(3))

        def loss(params, batch):
            x, y = batch
            h = x @ params["dense"]["w"] + params["dense"]["b"]
            return jnp.sum((params["scale"] * h.sum(-1) - y) ** 2), h

        refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)
        out, f_vjp, aux = jax.vjp(loss, params, batch, has_aux=True)
        f_vjp.with_refs(refs, jax.tree.map(lambda _: jax.ad.DontWant(), batch))(jnp.ones_like(out))
        assert float(refs["scale"][...]) != 0.0
    ''',
    "with_refs_list_and_index": '''
        import jax
        import jax.numpy as jnp

        bufs = [jax.new_ref(jnp.zeros(2)), jax.new_ref(jnp.zeros(2))]

        def f2(xs, c):
            return jnp.sum(xs[0] * xs[1]) * c

        xs = [jnp.ones(2), jnp.arange(2.0)]
        pull = jax.vjp(f2, xs, 2.0)[1]
        pull.with_refs(bufs, jax.ad.GradValue())(1.0)

        w_ref = jax.new_ref(jnp.zeros(()))
        out, vjp_fun = jax.vjp(lambda a, b: a * b, jnp.array(2.0), jnp.array(3.0))
        grads = vjp_fun.with_refs(w_ref, jax.ad.GradValue())(1.0)
        assert float(w_ref[...]) == 3.0
    ''',
    "with_refs_training_loop": '''
        import jax
        import jax.numpy as jnp

        def init(key):
            k1, k2 = jax.random.split(key)
            return {"w": jax.random.normal(k1, (3, 3)), "b": jax.random.normal(k2, (3,))}

        def loss(params, x):
            return jnp.mean(jnp.tanh(x @ params["w"] + params["b"]) ** 2)

        class Trainer:
            def __init__(self, params):
                self.params = params
                self.grads = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)

            def accumulate(self, x):
                value, f_vjp = jax.vjp(loss, self.params, x)
                f_vjp.with_refs(self.grads, jax.ad.DontWant())(jnp.ones_like(value))
                return value

        trainer = Trainer(init(jax.random.key(0)))
        for step in range(2):
            trainer.accumulate(jnp.ones((4, 3)) * step)

        params = init(jax.random.key(1))
        if params:
            refs = {"w": jax.new_ref(jnp.zeros((3, 3))), "b": jax.new_ref(jnp.zeros(3))}
        else:
            refs = (jax.new_ref(jnp.zeros((3, 3))),)
        _, f_vjp = jax.vjp(loss, params, jnp.ones((2, 3)))
        f_vjp.with_refs(refs, jax.ad.DontWant())(1.0)
    ''',
}


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_sample_of_correct_programs_is_silent(name):
    analysis = analyze(textwrap.dedent(SAMPLE[name]), None, f"{name}.py")
    assert analysis.notes == []
    assert analysis.findings == []


def test_sample_programs_run_clean_under_jax():
    """The sample is a set of true negatives: JAX runs every program without an error."""
    from tests.jax_runner import run_programs

    names = sorted(SAMPLE)
    results = run_programs([textwrap.dedent(SAMPLE[n]) for n in names], timeout=240)
    failed = {n: str(r) for n, r in zip(names, results) if r.raised}
    assert failed == {}
