"""The evaluator's constants of instance attributes, checked against Python running the code.

Each program calls `probe(expr)` where the evaluator is asked about `expr`. The program runs
with a `probe` that records what each call gives; where the evaluator names a constant, it is
what Python recorded at every run of that `probe`, and where a program is built so that the
code does not settle it (another instance, an escape the file does not show), the evaluator
names none.
"""

from __future__ import annotations

import ast
import inspect

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.values import Inference

KNOWN = {
    "method_of_the_one_instance": '''
class Grid:
    def __init__(self, size, spacing):
        self.size = size
        self.spacing = spacing

    def coords(self):
        return probe(2 * self.size)


grid = Grid(size=8, spacing=0.5)
grid.coords()
''',
    "helper_method_through_self": '''
class Grid:
    def __init__(self, size):
        self.size = size + 1

    def coords(self):
        return self.inner()

    def inner(self):
        return probe(self.size)


Grid(3).coords()
''',
    "parameter_given_instances_that_agree": '''
class Config:
    def __init__(self, steps, name):
        self.steps = steps
        self.name = name


def run(config):
    return probe(config.steps)


run(Config(5, "a"))
other = Config(5, "b")
run(other)
''',
    "dataclass_fields_and_defaults": '''
from dataclasses import dataclass, field


@dataclass
class Buffer:
    name: str
    capacity: int = 8
    width: int = field(default=3)


cfg = Buffer("replay", width=4)
probe(cfg.capacity)
probe(cfg.width)
''',
    "dataclass_given_to_a_helper": '''
from dataclasses import dataclass


@dataclass
class Buffer:
    capacity: int = 8


def allocate(cfg):
    return probe(cfg.capacity * 2)


allocate(Buffer(capacity=5))
''',
}

KNOWN["call_of_every_instance"] = '''
class Pipeline:
    def __init__(self, per_column=True):
        self.axis = (0,) if per_column else (1,)

    def __call__(self, batch):
        return probe(self.axis)


Pipeline(per_column=True)([1.0])
pipe = Pipeline()
pipe([2.0])
'''

UNKNOWN = {
    "call_of_an_instance_made_elsewhere": '''
class Pipeline:
    def __init__(self, per_column=True):
        self.axis = (0,) if per_column else (1,)

    def __call__(self, batch):
        return probe(self.axis)


def make(kind):
    return kind(per_column=False)


Pipeline(per_column=True)([1.0])
make(Pipeline)([2.0])
''',
    "instances_that_disagree": '''
class Grid:
    def __init__(self, size):
        self.size = size

    def coords(self):
        return probe(self.size)


Grid(8).coords()
Grid(9).coords()
''',
    "attribute_stored_again": '''
class Grid:
    def __init__(self, size):
        self.size = size

    def coords(self):
        return probe(self.size)


grid = Grid(8)
grid.size = 9
grid.coords()
''',
    "method_read_on_an_unknown_receiver": '''
class Grid:
    def __init__(self, size):
        self.size = size

    def coords(self):
        return probe(self.size)


def use(grid):
    return grid.coords()


Grid(8).coords()
use(Grid(9))
''',
    "dataclass_field_stored_later": '''
from dataclasses import dataclass


@dataclass
class Buffer:
    capacity: int = 8


def allocate(cfg):
    return probe(cfg.capacity)


cfg = Buffer()
cfg.capacity = 2
allocate(cfg)
''',
    "method_found_through_getattr": '''
class Grid:
    def __init__(self, size):
        self.size = size

    def coords(self):
        return probe(self.size)


grid = Grid(8)
getattr(Grid(9), "coords")()
grid.coords()
''',
}


def _probed(source: str) -> dict[int, set[object]]:
    """What Python gives the probes, by the line of each `probe(...)` call."""
    seen: dict[int, set[object]] = {}

    def probe(value: object) -> object:
        line = inspect.currentframe().f_back.f_lineno  # type: ignore[union-attr]
        seen.setdefault(line, set()).add(value)
        return value

    exec(compile(source, "<program>", "exec"), {"probe": probe, "__name__": "__main__"})
    return seen


def _given(source: str) -> list[tuple[ast.expr, tuple[object, tuple[ast.expr, ...]] | None]]:
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree))
    probes = [node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name) and node.func.id == "probe"]
    return [(expr, inference.given_constant(expr)) for expr in probes]


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_a_constant_named_is_what_python_gives(name: str) -> None:
    source = KNOWN[name]
    seen = _probed(source)
    for expr, given in _given(source):
        assert given is not None, (name, ast.unparse(expr))
        assert seen[expr.lineno] == {given[0]}, (name, ast.unparse(expr))


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_what_the_code_does_not_settle_stays_unknown(name: str) -> None:
    source = UNKNOWN[name]
    seen = _probed(source)
    assert seen  # (the program runs, and reaches its probes)
    for expr, given in _given(source):
        assert given is None, (name, ast.unparse(expr), given)


def test_a_constant_read_through_later_code_names_it() -> None:
    """`self.size` in a method is decided by the construction and the read of the method
    written after it: both are named, in source order; the code before a use alone
    (`constant`) does not decide it."""
    source = KNOWN["method_of_the_one_instance"]
    tree = ast.parse(source)
    inference = Inference(ModuleModel(tree))
    expr = next(node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name) and node.func.id == "probe")
    assert inference.constant(expr) is None
    given = inference.given_constant(expr)
    assert given is not None and given[0] == 16
    assert [ast.unparse(node) for node in given[1]] == ["Grid(size=8, spacing=0.5)", "grid.coords"]
