"""The index's class queries (`ModuleModel.members`, `jaxerr_lsp.analysis.members`), each on
its own: the function a name or attribute denotes, bound methods included, and the
attributes stored on `self` or on instances and where they are read."""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.model import ModuleModel


def model_of(source: str) -> tuple[ModuleModel, ast.Module]:
    tree = ast.parse(source)
    return ModuleModel(tree), tree


def argument_of(model: ModuleModel, text: str) -> ast.expr:
    """The first argument of the only call written `text`."""
    [call] = [c for c in model.calls_in(model.tree) if ast.unparse(c) == text]
    return call.args[0]


def defs(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {f"{c.name}.{f.name}" if c else f.name: f
            for c in [None, *[n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]]
            for f in (c.body if c else tree.body) if isinstance(f, ast.FunctionDef)}


TRAINER = '''
import jax
from jax import lax
class Trainer:
    def __init__(self, n):
        self.n = n
    def step(self, x):
        return x * self.n
    def body(self, carry, x):
        return carry + x, x
    @staticmethod
    def scale(x):
        return 2 * x
    def run(self, xs):
        f = jax.jit(self.step)
        out = lax.scan(self.body, 0.0, xs)
        return f(xs), out, jax.vmap(self.scale)(xs)
t = Trainer(3)
g = jax.grad(t.step)
h = jax.jit(Trainer.scale)
def plain(x):
    return x
p = jax.jit(plain)
'''


def test_a_bound_method_resolves_to_the_class_method_with_self_bound() -> None:
    model, tree = model_of(TRAINER)
    found = defs(tree)
    step = model.members.denoted(argument_of(model, "jax.jit(self.step)"))
    assert step is not None and step.function is found["Trainer.step"] and step.bound
    assert isinstance(step.receiver, ast.Name) and step.receiver.id == "self"
    assert step.owner is not None and step.owner.name == "Trainer"
    body = model.members.denoted(argument_of(model, "lax.scan(self.body, 0.0, xs)"))
    assert body is not None and body.function is found["Trainer.body"] and body.bound


def test_an_instance_method_is_bound_to_the_instance() -> None:
    model, tree = model_of(TRAINER)
    denoted = model.members.denoted(argument_of(model, "jax.grad(t.step)"))
    assert denoted is not None and denoted.function is defs(tree)["Trainer.step"]
    assert isinstance(denoted.receiver, ast.Name) and denoted.receiver.id == "t"


def test_static_methods_and_plain_functions_are_not_bound() -> None:
    model, tree = model_of(TRAINER)
    found = defs(tree)
    scale = model.members.denoted(argument_of(model, "jax.vmap(self.scale)"))
    assert scale is not None and scale.function is found["Trainer.scale"] and not scale.bound
    by_class = model.members.denoted(argument_of(model, "jax.jit(Trainer.scale)"))
    assert by_class is not None and by_class.function is found["Trainer.scale"] and not by_class.bound
    plain = model.members.denoted(argument_of(model, "jax.jit(plain)"))
    assert plain is not None and plain.function is found["plain"] and plain.owner is None


def test_what_the_object_decides_stays_unknown() -> None:
    source = '''
import jax
import other
class Base:
    def step(self, x):
        return x
    def run(self, x):
        return jax.jit(self.step)(x)
class Child(Base):
    def step(self, x):
        return x + 1
class Patched:
    def __init__(self):
        self.apply = lambda x: x
    def apply(self, x):
        return x
    def run(self, x):
        return jax.jit(self.apply)(x)
class Elsewhere(other.Module):
    def run(self, x):
        return jax.jit(self.forward)(x)
u = other.make()
v = jax.jit(u.step)
'''
    model, tree = model_of(source)
    for call in model.calls_in(tree):
        if ast.unparse(call.func) == "jax.jit":
            assert model.members.denoted(call.args[0]) is None, ast.unparse(call)


def test_an_inherited_method_is_found_in_the_base() -> None:
    source = '''
import jax
class Base:
    def loss(self, w):
        return (w ** 2).sum()
class Model(Base):
    def fit(self, w):
        return jax.grad(self.loss)(w)
'''
    model, tree = model_of(source)
    denoted = model.members.denoted(argument_of(model, "jax.grad(self.loss)"))
    assert denoted is not None and denoted.function is defs(tree)["Base.loss"] and denoted.bound


LEAK = '''
import jax
class Cache:
    def __init__(self):
        self.cache = None
        self.count = 0
    @jax.jit
    def step(self, x):
        y = x * 2
        self.cache = y
        self.count += 1
        return y
    def last(self):
        return self.cache
c = Cache()
c.step(1.0)
print(c.cache, c.count)
c.extra = 3
'''


def test_attribute_stores_on_self_and_instances() -> None:
    model, tree = model_of(LEAK)
    [owner] = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    stores = model.members.attribute_stores(owner, "cache")
    assert [(s.target.lineno, ast.unparse(s.value) if s.value else None) for s in stores] \
        == [(5, "None"), (10, "y")]
    assert stores[1].method is not None and stores[1].method.name == "step"
    count = model.members.attribute_stores(owner, "count")
    assert [type(s.statement).__name__ for s in count] == ["Assign", "AugAssign"]
    [extra] = model.members.attribute_stores(owner, "extra")
    assert extra.method is None and isinstance(extra.target.value, ast.Name) \
        and extra.target.value.id == "c"


def test_where_a_stored_attribute_is_read() -> None:
    model, tree = model_of(LEAK)
    [owner] = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    reads = model.members.attribute_reads(owner, "cache")
    assert [(r.lineno, ast.unparse(r)) for r in reads] == [(14, "self.cache"), (17, "c.cache")]
    outside = reads[1]
    assert [s.target.lineno for s in model.members.stores_read_by(outside)] == [5, 10]


def test_stores_on_other_objects_are_not_instance_stores() -> None:
    source = '''
import other
class A:
    @staticmethod
    def make(self):
        self.x = 1
    def f(self):
        self = other.thing()
        self.y = 2
o = other.make()
o.z = 3
'''
    model, tree = model_of(source)
    [owner] = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert model.members.attribute_stores(owner) == []
