"""The value inference's shapes and dtypes (`jaxerr_lsp.analysis.avals`), checked against real JAX.

One program binds every name below; the inference gives each its aval from the code alone,
and JAX, running the program, prints each value's real aval: they must agree, weak type
included. Names the inference must leave unknown are checked to be unknown.
"""

from __future__ import annotations

import ast
import json

from jaxerr_lsp.analysis import avals
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.avals import Aval, dtypes_differ
from jaxerr_lsp.analysis.values import Inference, array_of
from tests.jax_runner import Program, run_programs

PROGRAM = '''
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax import random
n = 4
shape = (2, n)
a = jnp.zeros((3, n))
b = jnp.ones(5, dtype=jnp.int32)
b2 = jnp.ones(shape, "int32")
b3 = jnp.empty(3, float)
c = jnp.arange(5)
c2 = jnp.arange(1, 10, 2)
c3 = jnp.arange(0, 1, 0.3)
c4 = jnp.arange(3.0)
d = jnp.array([[1, 2.0], [3, 4]])
d2 = jnp.array([True, False])
d3 = jnp.array(1.0)
d4 = jnp.asarray(1)
d5 = jnp.array([1, 2], dtype=jnp.float32)
d6 = jnp.array([a, a])
e = c + 1.5
e2 = c / 2
e3 = c * 2
e4 = a + 1
e5 = -d4
e6 = c ** 2
e7 = c // 2
e8 = d2 + d2
e9 = a * 1j
e10 = 1j * c
e11 = jnp.exp(1j * a)
e12 = jnp.sum(jnp.exp(1j * a))
e13 = jnp.abs(e9)
e14 = jnp.var(e9)
e15 = jnp.mean(e9)
e16 = jnp.square(e9)
f = a.sum()
f2 = jnp.mean(c)
f3 = jnp.sum(d2)
f4 = jnp.sum(a, axis=0)
f5 = a.max(axis=-1)
f6 = jnp.argmax(c)
f7 = jnp.cumsum(a)
f8 = jnp.cumsum(a, axis=0)
f9 = jnp.cumprod(c)
g = a.T
g2 = a.reshape(-1)
g3 = a.reshape(2, 6)
g4 = jnp.reshape(a, (4, 3))
g5 = a[0]
ti = jnp.int32(1)
g6 = a[:, ti]
g7 = jnp.ones((2, 3, 4))[ti, ..., ti + 1]
g8 = a[None, :, ti]
h = jnp.full((2,), 2)
h2 = jnp.full((2, 2), 1.5, dtype=jnp.int32)
h3 = jnp.zeros_like(c)
h4 = jnp.ones_like(a, dtype=jnp.int32)
i = jnp.where(a > 0, 1, 0)
i2 = jnp.where(a > 0, a, 0.0)
j = jnp.sin(c)
j2 = jnp.abs(c)
j3 = jnp.exp(1)
j4 = jax.nn.relu(a)
k = random.key(0)
k1, k2 = random.split(k)
ks = random.split(k, 3)
kf = random.fold_in(k, 7)
kz = ks[0]
p = jax.random.PRNGKey(1)
ps = jax.random.split(p, 4)
x = random.normal(k, (2, 3))
x2 = random.uniform(k)
x3 = random.randint(k, (5,), 0, 10)
x4 = random.bernoulli(k, 0.5, (3,))
x5 = random.uniform(k, (3,), maxval=10.0)
x6 = random.uniform(k, (2, 3), jnp.float32, 0.0, 2.0)
x7 = random.truncated_normal(k, 0, 1)
x8 = random.truncated_normal(k, -2.0, 2.0, (4,))
y = x > 0
z = x @ jnp.ones(3)
z2 = jnp.ones((2, 3)) @ jnp.ones((3, 4))
z3 = jnp.dot(jnp.ones(3), jnp.ones(3))
q = b.astype(jnp.float32)
q2 = jnp.float32(3)
q3 = jnp.zeros(3, jnp.int64)
o = jnp.linspace(0, 1)
t1 = jnp.tile(c4, (4, 1))
t2 = jnp.tile(a, 2)
t3 = jnp.tile(e5, 3)
o2 = jnp.eye(3)
r = 3 / 2
r2 = 1 + 2
r3 = True
r4 = jnp.inf
n1 = jnp.linalg.norm(a)
kd1 = jnp.sum(a, axis=0, keepdims=True)
ey1 = jnp.eye(4, 3)
ey2 = jnp.eye(2, 5, 1, jnp.int32)
ey3 = jnp.identity(3, jnp.bfloat16)
kd4 = jnp.ones((2, 3, 4, 5)).mean(axis=(1, 3))
kd5 = jnp.sum(jnp.ones((2, 3, 4), jnp.int32), axis=(0, -1), keepdims=True)
es1 = jnp.einsum("kc,nchw->nkhw", jnp.ones((4, 3)), jnp.ones((2, 3, 5, 6)))
es2 = jnp.einsum("ij,j->i", jnp.ones((3, 4), jnp.bfloat16), jnp.ones(4, jnp.bfloat16))
es3 = jnp.einsum("ij->", jnp.ones((3, 3)))
kd2 = a.mean(axis=-1, keepdims=True)
kd3 = jnp.max(jnp.ones((2, 3, 4)), axis=1, keepdims=False)
n2 = jnp.linalg.norm(a, axis=0, keepdims=True)
n3 = jnp.linalg.norm(jnp.ones((2, 3), jnp.complex64), axis=-1)
n4 = jnp.linalg.norm(jnp.ones((2, 3, 4), jnp.int32), axis=(0, 2))
n5 = jnp.linalg.norm(jnp.ones((2, 3), jnp.bfloat16), keepdims=True)
pc = jnp.ones(3, jnp.int16) * jnp.ones(3, jnp.uint8) + jnp.ones(3, jnp.bfloat16)
r5 = np.pi * 2
np1 = np.zeros((2, 3))
np2 = np.arange(4)
np3 = np.array([1.0, 2])
np4 = np.array(1.0)
np5 = np.full(3, 1.0)
np6 = np.linspace(0, 1, 7)
np7 = np.eye(3, dtype=np.int32)
np8 = np.zeros_like(a)
np9 = np.ones(3, dtype=int)
np10 = np.random.randn(3, 2)
np11 = np.random.normal(0, 1, size=(4,))
np12 = np.random.uniform(size=(2, 2))
np13 = np.random.randint(0, 5, size=3)
np14 = np.random.rand(5)
np15 = np.random.default_rng(0).normal(size=(2, 3))
np16 = np.random.default_rng(0).integers(0, 5, size=4)
np17 = np.random.default_rng(1).gamma(2.0, size=(3, 2))
np18 = np1 / np.maximum(np1.mean(axis=0), 1e-6)
np19 = np2 * 2
np20 = np2 / 2
np21 = np.sqrt(np1) - np1
np22 = np1.sum(axis=1)
np23 = np.exp(np2)
np24 = np.random.default_rng(2).exponential(1.0, size=4)
np25 = np.random.beta(1.0, 2.0, size=(2, 2))
mg1, mg2 = jnp.meshgrid(jnp.arange(3.0), jnp.arange(2))
mg3, mg4, mg5 = jnp.meshgrid(c4, b, jnp.arange(2), indexing="ij")
la1 = jnp.linalg.inv(jnp.eye(3))
la2 = jnp.linalg.inv(jnp.ones((4, 3, 3), jnp.int32))
la3 = jnp.linalg.pinv(jnp.ones((3, 2)))
la4 = jnp.linalg.cholesky(jnp.eye(2))
la5 = jnp.linalg.det(jnp.ones((4, 3, 3)))
la6 = jnp.linalg.solve(jnp.eye(3), jnp.ones(3))
la7 = jnp.linalg.solve(jnp.eye(3), jnp.ones((3, 2), jnp.int32))
mvn1 = random.multivariate_normal(random.PRNGKey(0), jnp.zeros(3), jnp.eye(3))
mvn2 = random.multivariate_normal(random.PRNGKey(0), jnp.zeros((4, 3)), jnp.eye(3), (2, 4))
cl1 = jnp.clip(jnp.ones((4, 2), jnp.int16), 0, 15)
cl2 = jnp.clip(jnp.ones((4, 2), jnp.int16), 0.0, 1.5)
cl3 = jnp.clip(jnp.ones((4, 2), jnp.int16), max=3)
cl4 = jnp.clip(a, jnp.zeros(n), 3)
ix1 = jnp.ones((5, 2), jnp.int16)[jnp.zeros(4, jnp.int32)]
ix2 = a[jnp.zeros((2, 1), jnp.int32), jnp.zeros(4, jnp.int32)]
ix3 = a[np.zeros(3, np.int32)]
tr1 = jnp.tril(jnp.ones((4, 2, 3), dtype=bool))
tr2 = jnp.triu(a, 1)
dg1 = jnp.diagonal(jnp.ones((3, 4, 5)))
dg2 = jnp.diagonal(a, 1)
dg3 = jnp.diagonal(a, -2)
dg4 = jnp.diag(jnp.ones(3), 1)
dg5 = jnp.diag(a)
al1 = a.all()
al2 = jnp.any(a, axis=0)
al3 = (a > 0).any(axis=1, keepdims=True)


def _scan_body(total, row):
    return total + row.sum(), (row * 2.0, row[0] > 0)


def _row_scaled(row, k):
    return row * k


@jax.jit
def _jitted_pair(x, k):
    return x * k, k


sc1, (sc2, sc3) = jax.lax.scan(_scan_body, jnp.zeros(()), jnp.ones((5, 3)))
sc4, sc5 = jax.lax.scan(lambda c, _: (c, 1.0), jnp.zeros(2), None, length=4)
vm1 = jax.vmap(_row_scaled, in_axes=(0, None))(a, 3)
vm2 = jax.vmap(functools.partial(_row_scaled, k=2.0))(a)
jt1, jt2 = _jitted_pair(a, 2)
'''


def _names() -> list[str]:
    names: list[str] = []
    for statement in ast.parse(PROGRAM).body:
        if isinstance(statement, ast.Assign) and not isinstance(statement.value, ast.Tuple):
            for target in statement.targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names.append(node.id)
    return names


def _probe() -> str:
    """PROGRAM, printing JAX's aval of every name, then reading each (`_use_<name>`)."""
    names = _names()
    return PROGRAM + "\nimport json\n" + "print(json.dumps({" + ", ".join(
        f"{n!r}: f'{{jax.typeof({n}).str_short()}} weak={{jax.typeof({n}).weak_type}}'" for n in names) + "}))\n" \
        + "\n".join(f"_use_{n} = {n}" for n in names)


def test_inferred_avals_are_what_jax_computes() -> None:
    names, probe = _names(), _probe()
    inferred_here = _inferred_for(probe)
    [result] = run_programs([probe])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    unknown = [n for n in names if inferred_here[n] is None]
    assert not unknown, f"the inference left these unknown: {unknown}"
    wrong = {n: (inferred_here[n], real[n]) for n in names if inferred_here[n] != real[n]}
    assert not wrong, wrong


def test_with_x64_on_the_shapes_weak_types_and_kinds_are_what_jax_computes() -> None:
    """Where x64 may be on, every aval keeps its shape and weak type, and its dtype is JAX's
    or names it among two ("float32|float64": x64 decides the width)."""
    names, probe = _names(), _probe()
    inferred_here = _inferred_for(probe, x64=True)
    [result] = run_programs([Program(probe, "<x64>", (("jax_enable_x64", True),))])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    unknown = [n for n in names if inferred_here[n] is None]
    assert not unknown, f"the inference left these unknown: {unknown}"
    widths_left = 0
    for name in names:
        inferred, jax_said = inferred_here[name], real[name]
        assert inferred is not None
        dtype, rest = inferred.split("[", 1)
        real_dtype, real_rest = jax_said.split("[", 1)
        assert rest == real_rest and real_dtype in dtype.split("|"), (name, inferred, jax_said)
        widths_left += "|" in dtype
    assert widths_left > len(names) // 2  # (the 32-bit defaults: most of them)


def _inferred_for(source: str, x64: bool = False) -> dict[str, str | None]:
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree), x64=x64)
    out: dict[str, str | None] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name) \
                and statement.targets[0].id.startswith("_use_"):
            aval = inference.aval(statement.value)
            out[statement.targets[0].id[5:]] = None if aval is None else f"{aval} weak={aval.weak}"
    return out


UNKNOWN = '''
import jax
import jax.numpy as jnp
import numpy as np
import other
def f(x, n):
    return jnp.zeros(n), x + 1, jnp.ones(3) + x
a = np.cross(np.zeros(3), np.ones(3))
b = other.make()
c = jnp.zeros(3)
if b:
    c = jnp.zeros(4)
d = jnp.arange(b)
e = jnp.ones(3) + jnp.ones(4)
g = jnp.ones(3, dtype=b)
h = jnp.ones(3).reshape(2, 2)
print(a, b, c, d, e, g, h)
'''


def test_what_the_code_does_not_show_stays_unknown() -> None:
    tree = ast.parse(UNKNOWN)
    inference = Inference(ModuleModel(tree))
    function = tree.body[4]
    assert isinstance(function, ast.FunctionDef)
    returned = function.body[0].value
    assert isinstance(returned, ast.Tuple)
    zeros, *rest = returned.elts
    assert all(inference.aval(e) is None for e in rest)
    # `jnp.zeros(n)`: float32, of a shape (an int or a tuple) and so a rank not shown
    assert inference.aval(zeros) == Aval(None, "float32")
    def read(name: str) -> Aval | None:  # where the last line reads it
        return inference.aval(inference.model.uses[name][-1].node)

    for name in "abceh":
        assert read(name) is None, name
    assert read("d") == Aval(None, None, rank=1)  # `jnp.arange(b)`: one axis, dtype not shown
    g = read("g")  # the shape is shown, the dtype is not
    assert g is not None and g.shape == (3,) and g.dtype is None


RANKS = '''
import json
import random as python_random
import jax
import jax.numpy as jnp
def shapes(n, m, key):
    a = jnp.zeros((n, 3))
    b = jnp.linspace(0.0, 1.0, n)
    c = jax.random.uniform(key, (n,))
    d = a.ravel()
    e = a[None, :, 0]
    f = b * 2
    g = jnp.floor(c * a.shape[0])
    h = a.reshape(n, -1)
    i = jnp.exp(b)
    j = b[:m]
    k = a > 0
    o = jnp.arange(n)
    p = jnp.ones((n, m, 2), dtype=jnp.int32)[0]
    q = jnp.full((m, n), 1.5)
    r = jnp.zeros_like(a).astype(jnp.int32) + 1
    s = jax.random.normal(key, (n, m)).T
    t = jnp.sum(a, axis=0)
    u = jnp.cumsum(a)
    v = a[:, jnp.int32(1)]
    w = jnp.ones(a.shape[0]) * 0.5
    x = jnp.ones((m, n)) @ a
    y = jnp.kron(a, q)
    z = jnp.vdot(b, b)
    aa = jnp.roll(a, 1)
    bb = b @ a
    names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "o", "p", "q", "r", "s", "t",
             "u", "v", "w", "x", "y", "z", "aa", "bb"]
    print(json.dumps({x: [jax.typeof(y).ndim, str(jax.typeof(y).dtype), jax.typeof(y).weak_type]
                      for x, y in zip(names, [a, b, c, d, e, f, g, h, i, j, k, o, p, q, r, s, t, u, v, w,
                                              x, y, z, aa, bb])}))
    return a, b, c, d, e, f, g, h, i, j, k, o, p, q, r, s, t, u, v, w, x, y, z, aa, bb
shapes(python_random.randint(3, 6), python_random.randint(1, 3), jax.random.key(0))
'''


def test_ranks_and_dtypes_of_arrays_of_sizes_not_shown_are_what_jax_computes() -> None:
    """Sizes from values the code does not show (a parameter): the shape stays unknown, the
    rank and the dtype the code shows are JAX's."""
    tree = ast.parse(RANKS)
    inference = Inference(ModuleModel(tree))
    [function] = [s for s in tree.body if isinstance(s, ast.FunctionDef)]
    returned = function.body[-1].value
    assert isinstance(returned, ast.Tuple)
    inferred = {e.id: inference.aval(e) for e in returned.elts if isinstance(e, ast.Name)}
    [result] = run_programs([RANKS])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    unknown = [n for n, aval in inferred.items() if aval is None or aval.ndim is None]
    assert not unknown, f"the inference left these ranks unknown: {unknown}"
    for name, aval in inferred.items():
        assert aval is not None
        rank, dtype, weak = real[name]
        assert aval.ndim == rank, (name, aval, real[name])
        assert aval.shape is None or aval.shape == (), (name, aval)  # (no size is shown; rank 0: `()`)
        if aval.dtype is not None:
            assert (aval.dtype, aval.weak) == (dtype, weak), (name, aval, real[name])
    assert sum(aval is not None and aval.dtype is not None for aval in inferred.values()) >= 15


LOOPS = '''
import json
import jax
import jax.numpy as jnp
table = jnp.ones((4, 3))
counts = jnp.arange(6).reshape(3, 2)
seen = {}
for row in table:
    _use_a = row
    seen["a"] = row
for pair in counts:
    _use_b = pair
    seen["b"] = pair
for i in range(3):
    _use_c = i
    seen["c"] = i
for v in (1.0, 2.5):
    _use_d = v
    seen["d"] = v
for w in [jnp.zeros(2), jnp.ones(2)]:
    _use_e = w
    seen["e"] = w
charges = {"H": 1, "C": 6}
symbols = ["C", "H", "H", "C"]
_use_f = jnp.array([charges[s] for s in symbols])
seen["f"] = _use_f
_use_g = jnp.array([float(i) for i in range(5)])
seen["g"] = _use_g
_use_h = jnp.array([[i, 2 * i] for i in range(3)])
seen["h"] = _use_h
settings = {"light": (2, 0.1), "heavy": (5, 0.25)}
for name, (sweeps, rate) in settings.items():
    _use_i = sweeps
    seen["i"] = sweeps
    _use_j = rate
    seen["j"] = rate
runs = [(2, jnp.ones(3)), (4, jnp.zeros(3))]
for count, start in runs:
    _use_k = count
    seen["k"] = count
    _use_l = start
    seen["l"] = start
for scale in settings.values():
    _use_m = scale[1]
    seen["m"] = scale[1]
for index, row in enumerate(table):
    _use_n = row
    seen["n"] = row
for pair, weight in zip(counts, (0.5, 1.5)):
    _use_o = weight
    seen["o"] = weight
print(json.dumps({n: f'{jax.typeof(x).str_short()} weak={jax.typeof(x).weak_type}' for n, x in seen.items()}))
'''


def test_loop_targets_are_what_jax_computes() -> None:
    """A loop's target, read in the loop: a row of a JAX array, an int of `range`, what
    every element of a display is, the parts of a tuple target over pairs (`for name, (n, r)
    in settings.items()`, over a list of tuples, over `.values()`, `enumerate`, `zip`); and an array of a list comprehension over a display or a
    `range` (its length, what every pass gives: an entry of a dict of ints is an int)."""
    tree = ast.parse(LOOPS)
    inference = Inference(ModuleModel(tree))
    inferred = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name) \
                and statement.targets[0].id.startswith("_use_"):
            aval = inference.aval(statement.value)
            inferred[statement.targets[0].id[5:]] = None if aval is None else f"{aval} weak={aval.weak}"
    [result] = run_programs([LOOPS])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    assert set(inferred) == set(real) == set("abcdefghijklmno"), (inferred, real)
    assert inferred == real, (inferred, real)


def test_x64_files_keep_shapes_and_leave_widths_unknown() -> None:
    source = ("import jax\nimport jax.numpy as jnp\njax.config.update('jax_enable_x64', True)\n"
              "x = jnp.ones(3)\ny = jnp.ones(3, jnp.float16) > 0\nx, y\n")
    tree = ast.parse(source)
    statement = tree.body[-1]
    assert isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Tuple)
    x, y = statement.value.elts
    assert Inference(ModuleModel(tree)).aval(x) == Aval((3,), "float32")
    assert Inference(ModuleModel(tree), x64=True).aval(x) == Aval((3,), "float32|float64")
    assert Inference(ModuleModel(tree), x64=True).aval(y) == Aval((3,), "bool")  # x64 changes no bool


def test_dtypes_differ_only_where_every_width_differs() -> None:
    assert dtypes_differ("float32", "float32") is False
    assert dtypes_differ("float32", "int32") is True
    assert dtypes_differ("float32|float64", "float16") is True
    assert dtypes_differ("float32|float64", "int32|int64") is True
    assert dtypes_differ("float32|float64", "float32") is None
    assert dtypes_differ("float32|float64", "float32|float64") is None  # float32 and float64?
    assert dtypes_differ(None, "float32") is None


def test_bound_parameters_are_followed_through_a_body() -> None:
    source = "import jax.numpy as jnp\ndef body(c, x):\n    y = c + x\n    return y > 0\n"
    tree = ast.parse(source)
    body = tree.body[1]
    assert isinstance(body, ast.FunctionDef)
    inference = Inference(ModuleModel(tree))
    returned = body.body[-1].value
    assert returned is not None
    assert inference.aval(returned) is None
    init = array_of(Aval((3,), "float32"))
    with inference.bound(body, {"c": init, "x": inference.value(ast.Constant(1.0))}):
        aval = inference.aval(returned)
    assert aval is not None and str(aval) == "bool[3]"
    assert inference.aval(returned) is None


# A notebook's cells joined as one program: names rebound from cell to cell, updated in place
# with `op=`, bound in both branches of an `if`. The inference reads each use from the
# bindings code flow lets reach it; JAX, running the program, says what each value is.
REBINDING = '''
import sys
import jax
import jax.numpy as jnp
# %% cell 1
x = 3
w = [0.0, 0.0]
# %% cell 2
x = jnp.zeros((2, 3))
_use_x = x
w = jnp.ones(4, dtype=jnp.int32)
_use_w = w
# %% cell 3
y = jnp.ones(4)
y += 1
_use_y = y
y *= 2.5
_use_y2 = y
n = 2
n += 1
_use_n = n
# %% cell 4
if len(sys.argv) > 5:
    z = jnp.ones(2)
else:
    z = jnp.zeros(2)
_use_z = z
x = x.sum(axis=0)
_use_x2 = x
'''


def test_rebound_names_are_what_jax_computes() -> None:
    names = [line.split(" = ")[0][5:] for line in REBINDING.splitlines() if line.startswith("_use_")]
    probe = REBINDING + "\nimport json\nprint(json.dumps({" + ", ".join(
        f"{n!r}: f'{{jax.typeof(_use_{n}).str_short()}} weak={{jax.typeof(_use_{n}).weak_type}}'"
        for n in names) + "}))\n"
    inferred_here = _inferred_for(probe)
    [result] = run_programs([probe])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    assert set(real) == set(names) == set(inferred_here)
    wrong = {n: (inferred_here[n], real[n]) for n in names if inferred_here[n] != real[n]}
    assert not wrong, wrong


def test_a_loop_that_changes_a_name_leaves_it_unknown() -> None:
    source = ("import jax.numpy as jnp\nw = jnp.arange(3)\nfor i in range(2):\n    w = w * 2.5\n"
              "v = jnp.zeros(3)\nfor i in range(2):\n    u = v\n    v = [1, 2]\nprint(w, u, v)\n")
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree))
    printed = tree.body[-1]
    assert isinstance(printed, ast.Expr) and isinstance(printed.value, ast.Call)
    w, u, v = printed.value.args
    assert inference.aval(w) is None  # int32[3] before the loop, float32[3] after a pass
    assert inference.value(u).type is None  # an array on the first pass, a list after
    assert inference.value(v).type is None  # the array if the loop never ran


# ----------------------------------------------------------------------------- Value.jax_array
# `Value.jax_array`: certainly one JAX array (never a NumPy array, a Ref, a tuple). JAX,
# running the program, says what each value is: every name the evaluator calls a JAX array
# must be an `ArrayImpl`; the ones listed in KNOWN must be called one; NOT ones must not.
JAX_ARRAYS = '''
import sys
import jax
import jax.numpy as jnp
import numpy as np
a = jnp.zeros(3)
b = a.at[0].set(1.0)
c = a.reshape(3, 1)
d = np.ones(3) * a
e = -a
f = a.T
g = a[1:]
h = jnp.where(a > 0, a, 1.0)
i = jnp.where(a > 0)
j = np.zeros(3) * 2
k = (a, a)
m = jax.new_ref(jnp.zeros(2))
n = jnp.zeros(2)
n += 1
o = jnp.zeros(2)
for _ in range(3):
    o = o * 2
p = jnp.zeros(2)
if len(sys.argv) > 3:
    p = [1, 2]
q = jax.lax.stop_gradient(a)
r = jax.lax.stop_gradient(k)
s = a.at[1].subtract(2.0)
t, u = a, 3
v = None
for _ in range(2):
    v = jnp.zeros(2) if v is None else v * 2
'''
KNOWN = "a b c d e f g h n o q s t".split()  # t: an element of the unpacked display
NOT = "i j k m p r u v".split()  # v: an array only when the loop runs


def test_jax_array_is_what_jax_says() -> None:
    names = KNOWN + NOT
    probe = JAX_ARRAYS + "\nimport json\nprint(json.dumps({" + ", ".join(
        f"{n!r}: type({n}).__name__" for n in names) + "}))\n" + "\n".join(
        f"_use_{n} = {n}" for n in names)
    said = _jax_arrays_for(probe)
    [result] = run_programs([probe])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    wrong = [n for n in names if said[n] and real[n] != "ArrayImpl"]
    assert not wrong, {n: real[n] for n in wrong}
    assert [n for n in KNOWN if not said[n]] == []
    assert [n for n in NOT if said[n]] == []


def _jax_arrays_for(source: str) -> dict[str, bool]:
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree))
    return {s.targets[0].id[5:]: inference.value(s.value).jax_array is not None
            for s in tree.body if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
            and s.targets[0].id.startswith("_use_")}


# ----------------------------------------------------------------------------- generated programs
# Programs made from a seed: names bound and rebound (as a notebook's cells do, `# %%`),
# updated with `op=`, bound in both arms of an `if`, changed in loops, some eagerly and the same
# statements inside a jitted function with a traced parameter. At each probe JAX records the
# value's type, aval and whether it is a tracer; the evaluator (`Value.aval`, `.jax_array`) and
# the tracing model (`Tracing.tracer`) must never say what JAX contradicts, and must know the
# plain cases.
_NAMES = "xyzw"
_MAKERS = ["jnp.zeros(({r}, 3))", "jnp.ones(3, dtype=jnp.int32)", "jnp.arange({r})",
           "jnp.full((2, {r}), 1.5)", "np.zeros(3)", "np.arange({r})", "({v}, {v})", "[1.0, 2.0]", "{r}", "{r}.5"]
_OPERATIONS = ["{v} + 1", "{v} * 2.5", "-{v}", "{v}.T", "{v}.sum(axis=0)", "{v}[0]",
               "{v}.reshape(-1)", "{v}.at[0].set(1)", "jnp.sin({v})", "{v} > 0", "{v} @ {v}.T",
               "jnp.where({v} > 0, {v}, 0)", "np.asarray({v}) * 2", "{v}.astype(jnp.float32)"]


def _generated(seed: int, traced: bool) -> str:
    import random

    rng = random.Random(seed)
    indent = "    " if traced else ""
    bound: list[str] = []
    lines: list[str] = []
    probes = 0

    def value() -> str:
        if bound and rng.random() < 0.6:
            v = rng.choice(bound)
            return rng.choice(_OPERATIONS).format(v=v)
        maker = rng.choice(_MAKERS)
        return maker.format(r=rng.randint(1, 4), v=rng.choice(bound) if bound else "1")

    def probe(name: str) -> None:
        nonlocal probes
        lines.append(f"{indent}_probe({probes}, {name})")
        probes += 1

    for step in range(14):
        name = rng.choice(_NAMES)
        choice = rng.random()
        if step and choice < 0.1:
            lines.append("# %% cell")
        if choice < 0.15 and bound:
            lines.append(f"{indent}if len(sys.argv) > 3:")
            lines.append(f"{indent}    {name} = {value()}")
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    {name} = {value()}")
        elif choice < 0.25 and bound:
            v = rng.choice(bound)
            lines.append(f"{indent}for _ in range(2):")
            lines.append(f"{indent}    {v} = {rng.choice(['{v} + 1', '{v} * 2', '-{v}']).format(v=v)}")
            name = v
        elif choice < 0.35 and bound:
            name = rng.choice(bound)
            lines.append(f"{indent}{name} {rng.choice(['+=', '*=', '-='])} {rng.choice(['1', '2.5', name])}")
        elif traced and choice < 0.5:
            lines.append(f"{indent}{name} = {rng.choice(['p', 'p * 2', 'p + 1', 'p.T', 'jnp.sin(p)', 'p[0]'])}")
        else:
            lines.append(f"{indent}{name} = {value()}")
        if name not in bound:
            bound.append(name)
        probe(name)
    body = "\n".join(lines)
    head = ("import sys\nimport json\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"
            "_seen = {}\ndef _probe(i, v):\n    t = jax.typeof(v) if type(v) in (int, float, bool, complex) or "
            "hasattr(v, 'shape') else None\n"
            "    _seen[i] = [type(v).__name__, isinstance(v, jax.core.Tracer), "
            "t.str_short() if t is not None else None, bool(t.weak_type) if t is not None else None]\n")
    if traced:
        return head + "@jax.jit\ndef f(p):\n" + body + "\n    return 0\nf(jnp.ones((2, 3)))\nprint(json.dumps(_seen))\n"
    return head + body + "\nprint(json.dumps(_seen))\n"


def _agrees(aval: Aval, short: str | None, weak: bool | None) -> bool:
    """Whether what the evaluator knows of an aval is what JAX printed (`float32[2,3]`): all
    of it when it knows the shape and dtype; else the rank and the dtype it knows."""
    if short is None:
        return False
    if aval.shape is not None and aval.dtype is not None:
        return f"{aval} weak={aval.weak}" == f"{short} weak={weak}"
    dtype, dims = short.rstrip("]").split("[")
    rank = len(dims.split(",")) if dims else 0
    return (aval.ndim is None or aval.ndim == rank) and (aval.dtype is None or (aval.dtype, aval.weak) == (dtype, weak))


def _said(source: str) -> dict[int, tuple[bool, Aval | None, bool]]:
    """Per probe: (the evaluator's jax_array, its aval, the tracing model's tracer)."""
    from jaxerr_lsp.analysis.tracing import Tracing

    tree = ast.parse(source)
    model = ModuleModel(tree)
    inference = Inference(model)
    tracing = Tracing(model, inference.constant)
    out: dict[int, tuple[bool, Aval | None, bool]] = {}
    for call in model.calls_in(tree):
        if isinstance(call.func, ast.Name) and call.func.id == "_probe" and call.args \
                and isinstance(call.args[0], ast.Constant):
            value = inference.value(call.args[1])
            aval = value.aval
            out[call.args[0].value] = (value.jax_array is not None, aval,
                                       tracing.tracer(call.args[1]) is not None)
    return out


def test_generated_programs_agree_with_jax() -> None:
    programs = [_generated(seed, traced) for seed in range(30) for traced in (False, True)]
    probes, known, tracers = _check_against_jax(programs)
    assert probes > 200 and known > probes // 4 and tracers > 20, (probes, known, tracers)


def test_a_notebook_that_rebinds_names_agrees_with_jax() -> None:
    """The generated programs as notebooks: their cells (a magic line in every other one)
    joined as the server joins them (`notebooks.cells.join_cells`), the names rebound from
    cell to cell."""
    import re

    from jaxerr_lsp.notebooks.cells import join_cells

    programs, notebooks, several = [], [], 0
    for seed in range(24, 64):
        program = _generated(seed, False)
        cells = re.split(r"^# %% cell\n", program, flags=re.M)
        cells = [("%matplotlib inline\n" if i % 2 else "") + cell for i, cell in enumerate(cells)]
        joined = join_cells(cells)
        several += len(joined.starts) > 1
        programs.append(program)  # what the kernel runs: the cells, magics aside
        notebooks.append(joined.source)  # what the server analyzes
    assert several >= 4
    probes, known, _tracers = _check_against_jax(programs, notebooks)
    assert probes > 60 and known > probes // 4, (probes, known)


def _check_against_jax(programs: list[str], analyzed: list[str] | None = None) -> tuple[int, int, int]:
    """Run `programs` under JAX; at each probe, what the evaluator and the tracing model say
    of `analyzed` (the programs themselves by default) must agree with what JAX saw.
    (probes seen, JAX arrays known, tracers known)."""
    results = run_programs(programs)
    known = probes = tracers = 0
    for source, result in zip(analyzed or programs, results):
        if result.raised:
            continue  # a generated statement JAX refuses (shapes that do not broadcast...)
        real = {int(k): v for k, v in json.loads(result.stdout.splitlines()[-1]).items()}
        for index, (jax_array, aval, tracer) in _said(source).items():
            if index not in real:
                continue
            type_name, is_tracer, short, weak = real[index]
            probes += 1
            where = f"probe {index} of\n{source}"
            if jax_array:
                known += 1
                assert type_name == "ArrayImpl" or is_tracer and short is not None \
                    and not short.startswith("Ref"), where
            if aval is not None:
                assert _agrees(aval, short, weak), (aval, short, weak, where)
            if tracer:
                tracers += 1
                assert is_tracer, where
    return probes, known, tracers


ENTRIES = '''
import jax
import jax.numpy as jnp
params = {"w": jnp.zeros((2, 3)), "n": 3, "scale": 0.5}
layers = [jnp.ones(4, jnp.int32), jnp.arange(3.0)]
pair = (jnp.eye(2), True)
sizes = (params.get("n"), len(layers))
pw = params["w"]
pn = params["n"]
ps = params.get("scale")
l0 = layers[0]
l1 = layers[-1]
t0 = pair[0]
t1 = pair[1]
'''
ENTRY_NAMES = ["pw", "pn", "ps", "l0", "l1", "t0", "t1"]


def test_entries_of_unchanged_displays_are_what_jax_computes() -> None:
    probe = ENTRIES + "import json\nprint(json.dumps({" + ", ".join(
        f"{n!r}: f'{{jax.typeof({n}).str_short()}} weak={{jax.typeof({n}).weak_type}}'"
        for n in ENTRY_NAMES) + "}))\n" + "\n".join(f"_use_{n} = {n}" for n in ENTRY_NAMES)
    inferred_here = _inferred_for(probe)
    [result] = run_programs([probe])
    assert not result.raised, result.traceback
    real = json.loads(result.stdout)
    assert {n: inferred_here[n] for n in ENTRY_NAMES} == real


def test_entries_of_changed_containers_stay_unknown() -> None:
    source = ENTRIES.replace('sizes = (params.get("n"), len(layers))',
                             'params["w"] = params["w"].tolist()\nlayers.reverse()\n'
                             'params.update(n=[1], scale="s")')
    inferred_here = _inferred_for(source + "\n".join(f"_use_{n} = {n}" for n in ENTRY_NAMES))
    assert {n: inferred_here[n] for n in ENTRY_NAMES if n[0] != "t"} == dict.fromkeys(
        ["pw", "pn", "ps", "l0", "l1"])


def test_the_static_facts_of_an_array_of_known_shape_are_constants() -> None:
    source = ("import jax.numpy as jnp\nimport numpy as np\nx = jnp.ones((6, 3))\nn, d = x.shape\n"
              "s = x.shape\nv = np.zeros(4)\ndef f(p):\n    return p.shape, len(p)\n"
              "print(x.shape, x.shape[0], x.shape[-1], len(x), x.ndim, x.size, n, d, s[1], len(v), v.shape[5])\n")
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree))
    printed = tree.body[-1]
    assert isinstance(printed, ast.Expr) and isinstance(printed.value, ast.Call)
    got = [inference.constant(a) for a in printed.value.args]
    assert got == [(6, 3), 6, 3, 6, 2, 18, 6, 3, 3, 4, None]  # (an index out of range: unknown)
    function = tree.body[6]
    assert isinstance(function, ast.FunctionDef) and isinstance(function.body[0], ast.Return)
    returned = function.body[0].value
    assert isinstance(returned, ast.Tuple)
    assert [inference.constant(e) for e in returned.elts] == [None, None]  # a parameter: unknown


PROMOTIONS = """\
import json
import jax.numpy as jnp
dtypes = json.loads({dtypes!r})
print("PROMOTED", json.dumps({{f"{{a}} {{b}}": str(jnp.promote_types(a, b)) for a in dtypes for b in dtypes}}))
print("CANONICAL", json.dumps({{f"{{a}} {{b}}": str((jnp.zeros(2, a) * jnp.zeros(2, b)).dtype)
                                for a in dtypes for b in dtypes}}))
"""


def test_strong_dtypes_promote_as_jax_promotes_them() -> None:
    """Every pair of strong dtypes (64-bit types off): `avals.promote` gives what JAX's
    arrays get (`jnp.promote_types`, then canonicalized: int64 -> int32)."""
    dtypes = sorted(avals._DTYPES)
    [result] = run_programs([PROMOTIONS.format(dtypes=json.dumps(dtypes))])
    assert not result.raised, result.traceback
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    canonical = json.loads(lines["CANONICAL"])
    assert len(canonical) == len(dtypes) ** 2
    for pair, dtype in canonical.items():
        a, b = pair.split()
        assert avals.promote(avals.Aval((2,), a, False), avals.Aval((2,), b, False)) == (dtype, False), pair
    assert json.loads(lines["PROMOTED"]) == canonical  # (`jnp.promote_types` says the same)
