"""Module summaries (`jaxerr_lsp.analysis.summaries`, `jaxerr_lsp.project.summaries`): what they
keep of a function's return, how they cross as JSON, and how imports are read from a text."""

from __future__ import annotations

import pickle

from jaxerr_lsp.analysis.summaries import summary_from_json, summary_to_json
from jaxerr_lsp.engine.run import analyze, exported
from jaxerr_lsp.project.summaries import imports_of, other_bindings

UTILS = '''import jax
import jax.numpy as jnp
import numpy as np


def buffer():
    return jnp.zeros((2, 3), jnp.int32)


def host():
    return np.zeros(3)


def pair(n):
    return jnp.ones(n), 1.0


def listed():
    return [jnp.zeros(3)]


def given(x):
    return x


def branches(flag):
    if flag:
        return jnp.zeros(3)
    return np.zeros(3)


@jax.jit
def jitted():
    return jnp.zeros(3)


def rebound():
    return jnp.zeros(3)


rebound = jax.jit(rebound)
'''


def test_a_summary_keeps_only_what_is_certain() -> None:
    summary = exported(UTILS, "pkg")
    returns = {f.name: f.returns for f in summary.functions}
    assert set(returns) == {"buffer", "host", "pair", "jitted"}
    buffer = returns["buffer"]
    assert buffer is not None and buffer.aval is not None and buffer.jax_array is not None
    assert (buffer.type, buffer.aval.shape, buffer.aval.dtype) == ("ArrayImpl", (2, 3), "int32")
    assert returns["host"] is not None and returns["host"].type == "ndarray"
    assert returns["host"].jax_array is None
    assert returns["pair"] is not None and returns["pair"].type == "tuple"
    assert returns["jitted"] is None  # a decorated function's return is unknown
    assert summary.function("jitted") is not None and summary.function("jitted").wrapped == "jax.jit"  # type: ignore[union-attr]
    assert analyze(UTILS, package="pkg", exported=frozenset({"buffer", "pair"})).exported == \
        exported(UTILS, "pkg", names=frozenset({"buffer", "pair"}))


def test_a_summary_crosses_as_json_and_pickle() -> None:
    summary = exported(UTILS, "pkg")
    assert summary_from_json(summary_to_json(summary)) == summary
    assert pickle.loads(pickle.dumps(summary)) == summary


def test_the_importer_reads_what_it_calls() -> None:
    summary = exported(UTILS, "pkg")
    imported = tuple((f"pkg.utils.{f.name}", f) for f in summary.functions)
    text = ("from pkg.utils import buffer, host, pair\n\nw = buffer()\nw[0, 0] = 1\n"
            "h = host()\nh[0] = 1.0\na, b = pair(3)\na[0] = 1.0\n")
    found = analyze(text, package="pkg", imported=imported).findings
    assert [(f.code, f.span.start_line) for f in found] == [("JXE080", 4)]
    assert analyze(text, package="pkg").findings == []  # (without the summaries: nothing)


def test_imports_are_read_from_the_text() -> None:
    text = ("import a.b as c, d\nfrom .u import (f as g,  # note\n    h)\nfrom .. import x\n"
            "from pkg.m import *\n    from z import y\n")
    assert imports_of(text, "pkg.sub") == [
        ("a.b", None, ("c",)), ("d", None, ("d",)), ("pkg.sub.u", ("f", "h"), ("g", "h")),
        ("pkg", ("x",), ("x",)), ("pkg.m", None, ()), ("z", ("y",), ("y",))]
    assert imports_of("from ... import x\n", "pkg") == []  # (above the top package)


def test_names_an_init_binds_otherwise() -> None:
    text = "from .u import f, g\nf = jit(f)\nfor i in r:\n    pass\nif g == 1:\n    pass\n"
    assert {"f", "i"} <= other_bindings(text) and "g" not in other_bindings(text)


CLASSES = '''import dataclasses
import functools

import jax


class Base:
    pass


class Config(Base):
    def __init__(self, lr):
        self.lr = lr


@dataclasses.dataclass
class Record:
    lr: float = 0.1


@functools.total_ordering
class Decorated:
    lr = 0.1


class Flattened:
    def tree_flatten(self):
        return (), None


class Registered:
    pass


jax.tree_util.register_static(Registered)


class WithDtype:
    dtype = "float32"


class Rebound:
    pass


Rebound = jax.tree_util.register_static(Rebound)
'''


def test_a_summary_says_which_classes_are_plain() -> None:
    """A plain class (no decorator but `dataclasses.dataclass`, no keyword, bases `object` or
    plain classes of the file, never registered nor handed on, no pytree method, no `dtype`):
    its instances are no pytree."""
    summary = exported(CLASSES, "pkg")
    assert {f.name for f in summary.functions if f.plain_class} == {"Base", "Config", "Record"}
    assert all(f.returns is None for f in summary.functions)
    assert summary_from_json(summary_to_json(summary)) == summary
    # (a module that names neither JAX nor NumPy nor returns anything: its classes still)
    assert exported("class Config:\n    pass\n", "pkg").function("Config") is not None


def test_the_importer_flags_an_instance_of_a_plain_class_it_imports() -> None:
    imported = tuple((f"pkg.config.{f.name}", f) for f in exported(CLASSES, "pkg").functions)
    text = ("import jax\nfrom pkg.config import Config, Decorated\nimport pkg.config as c\n\n\n"
            "def f(x, cfg):\n    return x\n\n\n"
            "jax.jit(f)(1.0, Config(0.1))\njax.jit(f)(1.0, c.Config(0.1))\n"
            "jax.jit(f)(1.0, Decorated())\n")
    found = analyze(text, package="pkg", imported=imported).findings
    assert [(f.code, f.span.start_line) for f in found] == [("JXE081", 10), ("JXE081", 11)]
    record = analyze(text.replace("Decorated", "Record"), package="pkg", imported=imported).findings
    assert [(f.code, f.span.start_line) for f in record] == [("JXE081", 10), ("JXE081", 11), ("JXE081", 12)]
    assert analyze(text, package="pkg").findings == []  # (without the summaries: nothing)
    # An instance of a class the importer itself registers or hands on: silence.
    # (a registration of something else than a class of the file: any class may be the one)
    for more, left in (("jax.tree_util.register_static(Config)", []),
                       ("handlers = {Config: None}", [12])):  # (`c.Config()`: another name)
        lines = text.split("\n")
        found = analyze("\n".join([*lines[:9], more, *lines[9:]]), package="pkg", imported=imported).findings
        assert [f.span.start_line for f in found] == left, more
    # The class itself: of type `type` whatever this file does with it.
    found = analyze(text + "jax.jit(f)(1.0, Config)\n", package="pkg", imported=imported).findings
    assert [f.span.start_line for f in found] == [11, 13]  # (handed on: its instances may be pytrees)


VJPS = '''import jax


@jax.custom_vjp
def bare(x):
    return x


@jax.custom_vjp
def registered(x):
    return x


registered.defvjp(lambda x: (x, None), lambda _, g: (g,))


@jax.custom_vjp
def kept(x):
    return x


TABLE = {"kept": kept}


@jax.custom_vjp
def graded(x):
    return x


def use():
    return jax.grad(graded)(1.0) + bare(2.0)
'''


def test_a_summary_says_which_custom_vjps_have_no_rules() -> None:
    """A `@jax.custom_vjp` def its module never registers (`f.defvjp`) nor lets out (stored,
    passed to anything but a JAX transformation): its importers may know it has no rules."""
    summary = exported(VJPS, "pkg")
    without = {f.name: f.custom_vjp_without_rules for f in summary.functions}
    assert without == {"bare": "bare", "registered": None, "kept": None, "graded": "graded"}
    assert summary_from_json(summary_to_json(summary)) == summary
    imported = tuple((f"pkg.ops.{f.name}", f) for f in summary.functions)
    text = ("import jax\nfrom pkg.ops import bare, registered\n\nbare(1.0)\nregistered(1.0)\n"
            "jax.grad(bare)(1.0)\ng = jax.grad(bare)\n\n\ndef later():\n    return bare(1.0)\n")
    found = analyze(text, package="pkg", imported=imported).findings
    # (at import time only; through a transformation when its result is called there)
    assert [(f.code, f.span.start_line) for f in found] == [("JXE052", 4), ("JXE052", 6)]
