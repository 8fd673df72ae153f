"""The model's queries about what a node holds and what a scope binds (`nodes_in`, `names_in`,
`calls_in`, `stores_in`, `returns_of`, `branches_of`, `bound_names`, `bindings_named`,
`sole_binding`): the rules ask these instead of walking the tree."""

from __future__ import annotations

import ast
import textwrap

from jaxerr_lsp.analysis.model import ModuleModel


def model_of(source: str) -> ModuleModel:
    return ModuleModel(ast.parse(textwrap.dedent(source)))


def function(model: ModuleModel, name: str) -> ast.FunctionDef:
    return next(f for f in model.functions if isinstance(f, ast.FunctionDef) and f.name == name)


SOURCE = """
    import jax

    def f(self, x, y):
        self.a = x
        self.b, (self.c, *rest) = y
        self.d: int
        self.e: int = 1
        self.f += 1
        for self.g in y:
            pass
        with open(x) as self.h:
            pass
        if (z := x):
            try:
                w = jax.numpy.zeros(3)
                w[0] = 1
            except ValueError:
                pass
        def inner():
            self.i = 2
            return 5
        x = 3
        return self.a + len(y)

    def gen(x):
        yield x
        return 1

    def raises(x):
        assert x
        return [lambda: 3]
"""


def test_nodes_in_is_ast_walk_filtered_and_kept() -> None:
    model = model_of(SOURCE)
    f = function(model, "f")
    assert model.nodes_in(f, ast.Call) == [n for n in ast.walk(f) if isinstance(n, ast.Call)]
    both = model.nodes_in(f, (ast.Return, ast.Name))
    assert both == [n for n in ast.walk(f) if isinstance(n, (ast.Return, ast.Name))]
    assert len([n for n in both if isinstance(n, ast.Return)]) == 2  # inner's return included
    assert model.nodes_in(f, ast.Call) == model.nodes_in(f, ast.Call)
    assert model.nodes_in(f, ast.Yield) == []
    assert [c.func.id for c in model.calls_in(f) if isinstance(c.func, ast.Name)] == ["open", "len"]
    assert {n.id for n in model.names_in(f.body[-1])} == {"self", "len", "y"}


def test_stores_in_takes_targets_apart() -> None:
    model = model_of(SOURCE)
    f = function(model, "f")
    stored = {(ast.unparse(target), type(holder).__name__) for target, holder in model.stores_in(f)}
    assert stored == {
        ("self.a", "Assign"), ("self.b", "Assign"), ("self.c", "Assign"), ("rest", "Assign"),
        ("self.d", "AnnAssign"), ("self.e", "AnnAssign"), ("self.f", "AugAssign"),
        ("self.g", "For"), ("self.h", "With"), ("z", "NamedExpr"), ("w", "Assign"),
        ("w[0]", "Assign"), ("self.i", "Assign"), ("x", "Assign")}
    assert [ast.unparse(t) for t, _ in model.stores_in(f.body[0])] == ["self.a"]


def test_returns_of_a_def_own_body() -> None:
    model = model_of(SOURCE)
    f = function(model, "f")
    found = model.returns_of(f)
    assert [r.lineno for r in found.returns] == [f.body[-1].lineno]  # not inner's
    assert (found.suspends, found.raises) == (False, False)
    assert model.returns_of(f) is found
    generator = model.returns_of(function(model, "gen"))
    assert generator.suspends and len(generator.returns) == 1
    raising = model.returns_of(function(model, "raises"))
    assert raising.raises and not raising.suspends and len(raising.returns) == 1
    inner = function(model, "inner")
    assert [ast.unparse(r) for r in model.returns_of(inner).returns] == ["return 5"]


def test_branches_of_a_use() -> None:
    model = model_of(SOURCE)
    (store,) = [u for u in model.uses["w"] if isinstance(u.parent, ast.Subscript)]
    branches = [(type(node).__name__, arm) for node, arm in model.branches_of(store)]
    assert branches == [("If", 0), ("Try", 0)]
    (read,) = [u for u in model.uses["len"]]
    assert model.branches_of(read) == []


def test_bindings_of_a_scope() -> None:
    model = model_of(SOURCE)
    scope = model.scope_of_node[id(function(model, "f"))]
    assert {"self", "x", "y", "rest", "z", "w", "inner"} <= set(model.bound_names(scope))
    assert [b.kind for b in model.bindings_named("x", scope)] == ["other", "assign"]
    assert model.sole_binding("x", scope) is None
    only = model.sole_binding("y", scope)
    assert only is not None and isinstance(only.node, ast.arg)
    assert model.bindings_named("nothing", scope) == [] and model.sole_binding("nothing", scope) is None
    module = model.module_scope
    assert model.sole_binding("jax", module) is not None and "f" in model.bound_names(module)


def test_path_to_a_node() -> None:
    model = model_of(SOURCE)
    f = function(model, "f")
    last = f.body[-1]
    assert isinstance(last, ast.Return)
    (call,) = model.calls_in(last)
    path = model.path_to(f, call)
    assert path is not None
    assert [type(n).__name__ for n in path] == ["FunctionDef", "Return", "BinOp", "Call"]
    assert model.path_to(last, last) == [last]
    assert model.path_to(last, f.body[0]) is None  # not inside


EVERY_FORM = """
    from e import (f, g as h)
    import a.b as c, d
    global q
    @dec(1)
    class K(B, metaclass=M):
        def m(self, /, p: int = 1, *args: str, k=2, **kw) -> int:
            return p
    class A[T: int, *Ts, **P](Base[T]):
        pass
    def generic[U: (int, str)](x: U = 1, *, y: "U" = f(2)) -> U:
        return x
    type Alias[V] = list[V]
    [*q.r] = s
    (a, *b[0]), c.d = [x, *y] = 1
    *z, = 3
    w: int = 4
    v.u: int
    lam = lambda *a, q=1, **k: 0
    r = [y for x in z if x if 3 for y in x], {k: v for k, v in d}, {**s, t: 1}
    try:
        pass
    except E as err:
        pass
    match a:
        case {"k": v, **rest}: pass
        case C(x=1) as y: pass
        case [1, *r]: pass
    if (n := n - 1) and f"{x!r:>{w}}":
        del a, b[0]
    with open(f) as (g, h), i:
        pass
"""


def test_nodes_in_the_module_reads_the_model_walk() -> None:
    """Of the whole module, `nodes_in` and `path_to` read the nodes the model's walk kept:
    every node `ast.walk` yields (contexts and operators aside), each after its parent."""
    tree = ast.parse(textwrap.dedent(EVERY_FORM))
    model = ModuleModel(tree)
    skipped = (ast.expr_context, ast.operator, ast.cmpop, ast.boolop, ast.unaryop)
    every = [n for n in ast.walk(tree) if not isinstance(n, skipped)]
    for kinds in ((ast.Name,), (ast.arg, ast.alias, ast.comprehension, ast.arguments),
                  (ast.Tuple, ast.List, ast.Starred), (ast.AST,), (ast.expr,), (ast.Constant,)):
        found = model.nodes_in(tree, kinds)
        assert sorted(map(id, found)) == sorted(id(n) for n in every if isinstance(n, kinds))
    order = {id(n): i for i, n in enumerate(model.nodes_in(tree, ast.stmt))}
    for node in every:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt) and id(node) in order:
                assert order[id(node)] < order[id(child)]
            if not isinstance(child, skipped):
                path = model.path_to(tree, child)
                assert path is not None and path[-2] is node and path[0] is tree
