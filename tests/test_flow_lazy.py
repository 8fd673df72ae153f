"""The module model's code-flow binder walks a frame (def, lambda, generator expression) only
when a question needs it: its answers are the answers of a binder that walks every frame at
once, whatever is asked first."""

from __future__ import annotations

import ast
import random

from jaxerr_lsp.analysis.flow import Flow
from jaxerr_lsp.analysis.model import ModuleModel

PROGRAM = '''
import jax
counter = 0

def bump():
    global counter
    counter += 1
    return counter

def outer(values):
    total = 0
    def inner():
        nonlocal total
        total = total + 1
        return total
    squares = list(last := v * v for v in values)
    def reader():
        return last, total, squares
    return inner, reader, total

def late(x):
    if x:
        y = counter
    else:
        y = jax
    del x
    return y, (lambda z: z + y)(counter)

type Alias = list[counter]

class C:
    n = counter
    def m(self):
        return [x for x in range(self.n) if (w := x)], w

async def agen(items):
    async for item in items:
        try:
            found = item
        finally:
            item = None
    return found, item
'''


def _names(tree: ast.AST) -> list[ast.Name]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Name)]


def test_lazy_answers_are_the_full_walks_whatever_is_asked_first() -> None:
    tree = ast.parse(PROGRAM)
    expected = _names(tree)
    for first in range(len(_names(tree))):
        tree = ast.parse(PROGRAM)  # a fresh tree and model: nothing walked yet
        model = ModuleModel(tree)
        full = Flow(tree)
        names = _names(tree)
        order = [names[first], *names[:first], *names[first + 1:]]
        random.Random(first).shuffle(order[1:])
        for name in order:
            assert model.flow.reaching(name) == full.reaching(name), (first, name.id, name.lineno)
    assert len(expected) > 40


def test_frames_no_question_needs_are_not_walked() -> None:
    tree = ast.parse(PROGRAM)
    model = ModuleModel(tree)
    line = PROGRAM.split("\n").index("    n = counter") + 1
    module_read = next(n for n in _names(tree) if n.id == "counter" and n.lineno == line)
    assert model.flow.reaching(module_read) is not None
    binder = model.flow._binder
    assert binder is not None and binder.pending  # `late`, `agen`... wait for a question
    inside = next(n for n in _names(tree) if n.id == "found" and isinstance(n.ctx, ast.Load))
    answer = model.flow.reaching(inside)
    assert answer is not None and answer.definitions and answer.exact
    assert answer == Flow(tree).reaching(inside)
