"""The module model's queries, each on its own: which binding a use reads (by code flow),
the uses a binding reaches, the calls of a function, what a name denotes, run order."""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.model import ASSIGN, AUGMENTED, DEF, ModuleModel


def model_of(source: str) -> tuple[ModuleModel, ast.Module]:
    tree = ast.parse(source)
    return ModuleModel(tree), tree


def reads(model: ModuleModel, name: str) -> list[ast.Name]:
    return [use.node for use in model.uses[name]]


def line_bound(model: ModuleModel, use: ast.Name) -> int | None:
    binding = model.binding_of(use)
    return None if binding is None else binding.line


def test_a_rebound_name_reads_its_latest_binding() -> None:
    model, _ = model_of("w = [0.0]\nw[0] = 1.0\nw = 3\nw = 4\nprint(w)\n")
    first, last = reads(model, "w")
    assert line_bound(model, first) == 1
    assert line_bound(model, last) == 4


def test_a_name_bound_in_one_branch_is_unknown_after_it() -> None:
    model, _ = model_of("import sys\nx = 1\nif sys.argv:\n    x = 2\nprint(x)\n")
    [use] = reads(model, "x")
    assert model.binding_of(use) is None
    assert [b.line for b in model.reaching(use) or []] == [2, 4]


def test_a_name_bound_in_both_branches_has_two_reaching_bindings() -> None:
    model, _ = model_of("import sys\nif sys.argv:\n    x = 1\nelse:\n    x = 2\nprint(x)\n")
    [use] = reads(model, "x")
    assert model.binding_of(use) is None
    assert [b.line for b in model.reaching(use) or []] == [3, 5]


def test_a_loop_back_edge_reaches_the_top_of_the_loop() -> None:
    model, _ = model_of("x = 1\nfor i in range(3):\n    y = x\n    x = [i]\nprint(x)\n")
    in_loop, after = reads(model, "x")
    assert [b.line for b in model.reaching(in_loop) or []] == [1, 4]
    assert [b.line for b in model.reaching(after) or []] == [1, 4]


def test_maybe_unbound_and_deleted_names_are_unknown() -> None:
    model, _ = model_of("import sys\nif sys.argv:\n    x = 1\nprint(x)\ny = 2\ndel y\ny\n")
    [x] = reads(model, "x")
    assert model.reaching(x) is None and model.binding_of(x) is None
    [y] = reads(model, "y")
    assert model.reaching(y) is None and model.binding_of(y) is None


def test_a_closure_read_needs_the_one_binding() -> None:
    model, _ = model_of("a = 1\nb = 1\nb = 2\ndef f():\n    return a, b\nb = 3\n")
    [a] = reads(model, "a")
    [b] = reads(model, "b")
    assert line_bound(model, a) == 1
    assert model.binding_of(b) is None  # f may run before or after the last rebinding
    assert model.reaching(b) is None


def closure_reads(source: str, name: str = "W") -> list[int | None]:
    """The line of the binding each read of `name` inside a function certainly sees."""
    model, _ = model_of(source)
    return [line_bound(model, use.node) for use in model.uses[name] if use.scope is not model.module_scope]


def test_a_function_sees_the_bindings_from_its_def_to_its_last_call() -> None:
    # A notebook: `W` bound in one cell, read by a helper, bound again in a later cell.
    cells = "W = [1, 2]\ndef f():\n    return W[0]\nprint(f())\nW = 3\n"
    assert closure_reads(cells) == [1]
    # Defined before the name is bound: the binding made before the call.
    assert closure_reads("def f():\n    return W[0]\nW = [1, 2]\nprint(f())\nW = 3\n") == [3]
    # Rebound between two calls, or before the call: both may be seen.
    assert closure_reads("W = [1]\ndef f():\n    return W\nf()\nW = 3\nf()\n") == [None]
    # Defined after every binding: whenever it runs.
    assert closure_reads("W = 1\nW = [2]\ndef f():\n    return W\n") == [2]


def test_calls_through_transformations_and_names_count_as_runs() -> None:
    jitted = "import jax\nW = [1]\ndef f(x):\n    return x * W[0]\n"
    assert closure_reads(jitted + "g = jax.jit(f)\nprint(g(2.0))\nW = 3\n") == [2]
    assert closure_reads(jitted + "g = jax.jit(f)\nW = 3\nprint(g(2.0))\n") == [None]
    assert closure_reads(jitted + "print(jax.jit(jax.grad(f))(2.0))\nW = 3\n") == [2]
    assert closure_reads(jitted + "jax.lax.fori_loop(0, 3, lambda i, c: f(c), 1.0)\nW = 3\n") == [None]
    assert closure_reads(jitted + "out = jax.lax.scan(lambda c, x: (f(c), x), 1.0, None, length=3)\nW = 3\n") \
        == [None]  # (called by a lambda: it runs whenever that does)
    decorated = "import jax\nW = [1]\n@jax.jit\ndef f(x):\n    return x * W[0]\nprint(f(1.0))\nW = 3\n"
    assert closure_reads(decorated) == [2]
    body = "import jax\nW = [1]\ndef f(c, x):\n    return c * W[0], x\n"
    scan = "out = jax.lax.scan(f, 1.0, None, length=3)\n"
    assert closure_reads(body + scan + "W = 3\n") == [2]
    assert closure_reads(body + scan + "W = 3\n" + scan) == [None]


def test_a_function_other_code_may_keep_runs_at_any_time() -> None:
    kept = "W = [1]\ndef f():\n    return W\ncallbacks = [f]\nW = 3\n"
    assert closure_reads(kept) == [None]
    assert closure_reads("W = [1]\ndef f():\n    return W\nregister(f)\nW = 3\n") == [None]
    assert closure_reads("W = [1]\n@register\ndef f():\n    return W\nf()\nW = 3\n") == [None]
    called_by_another = "W = [1]\ndef f():\n    return W\ndef g():\n    return f()\ng()\nW = 3\n"
    assert closure_reads(called_by_another) == [None]
    # In a loop: the next pass calls it after the rebinding.
    assert closure_reads("W = [1]\ndef f():\n    return W\nfor i in range(3):\n    f()\n    W = [i]\n") \
        == [None]


def test_an_unambiguous_binding_is_one_every_use_of_which_reads_it() -> None:
    # A notebook defines `f` twice: each def is what the calls after it certainly run.
    model, tree = model_of("def f(x):\n    return x\nf(1)\ndef f(x):\n    return -x\nf(2)\n")
    first, second = (s for s in tree.body if isinstance(s, ast.FunctionDef))
    assert model.unambiguous_binding(first) is not None and model.unambiguous_binding(second) is not None
    # A use after a branch that may rebind the name may read either: neither is unambiguous.
    model, tree = model_of("import sys\ndef f(x):\n    return x\nif sys.argv:\n    def f(x):\n        return -x\nf(2)\n")
    first = tree.body[1]
    assert model.unambiguous_binding(first) is None


def test_names_other_functions_bind_stay_unknown() -> None:
    rebinds = "W = [1]\ndef g():\n    global W\n    W = 2\ndef f():\n    return W\nprint(f())\ng()\n"
    model, _ = model_of(rebinds)
    [read] = [u.node for u in model.uses["W"] if u.scope is not model.module_scope]
    assert model.binding_of(read) is None


def test_a_nested_function_and_a_lambda_see_what_their_statement_can() -> None:
    inner = "W = [1]\ndef outer():\n    def inner():\n        return W\n    return inner\nh = outer()\nW = 2\n"
    assert closure_reads(inner) == [None]  # `h` may run after the rebinding
    assert closure_reads("W = 1\nW = [2]\nh = lambda: W\n") == [2]


def test_augmented_assignment_reads_the_binding_before_it() -> None:
    model, tree = model_of("x = 1\nx += 2\nprint(x)\n")
    [use] = reads(model, "x")
    [binding] = model.reaching(use) or []
    assert binding.kind == AUGMENTED and binding.line == 2
    assert model.binding_of(use) is None  # not a value the rules read directly
    before = model.reaching_augmented(binding) or []
    assert [(b.kind, b.line) for b in before] == [(ASSIGN, 1)]


def test_uses_of_a_binding_are_the_uses_it_reaches() -> None:
    model, _ = model_of("x = []\nx.append(1)\nx = ()\nprint(x)\n")
    first = model.module_scope.bindings["x"][0]
    assert [u.node.lineno for u in model.uses_of(first)] == [2]
    assert model.is_mutated(first)
    second = model.module_scope.bindings["x"][1]
    assert [u.node.lineno for u in model.uses_of(second)] == [4]
    assert not model.is_mutated(second)


def test_a_list_a_comprehension_iterates_is_only_read() -> None:
    """The walk hands a comprehension's first iterable under the comprehension node: it is
    read there, not changed; the element naming the list lets it escape into the new list."""
    model, _ = model_of("xs = [1, 2]\nys = [x * 2 for x in xs]\nprint(xs)\n")
    assert not model.is_mutated(model.module_scope.bindings["xs"][0])
    model, _ = model_of("xs = [1, 2]\nrows = [xs for _ in range(2)]\nrows[0].append(3)\n")
    assert model.is_mutated(model.module_scope.bindings["xs"][0])


def test_calls_of_a_transformed_function_follow_rebinding() -> None:
    source = ("import jax\ndef f(x):\n    return x\nf(1)\nf = jax.jit(f)\nf(2)\n"
              "jax.jit(f)(3)\ng = jax.grad(f)\ng(4.0)\ng = print\ng(5)\n")
    model, tree = model_of(source)
    definition = tree.body[1]
    assert [c.lineno for c in model.calls_of_def(definition)] == [4]
    jit_site = model.calls_to("jax.jit")
    assert [[c.lineno for c in model.calls_of_result(site.call)] for site in jit_site] == [[6], [7]]
    [grad] = model.calls_to("jax.grad")
    assert [c.lineno for c in model.calls_of_result(grad.call)] == [9]


def test_function_of_names_what_jax_would_run() -> None:
    source = ("import functools\ndef plain(x):\n    return x\n@functools.cache\ndef cached(x):\n"
              "    return x\nlam = lambda x: x\nasync def coro(x):\n    return x\n"
              "plain, cached, lam, coro, (lambda y: y)\n")
    model, tree = model_of(source)
    last = tree.body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Tuple)
    plain, cached, lam, coro, inline = last.value.elts
    assert model.function_of(plain) is tree.body[1]
    assert model.function_of(cached) is None and model.def_of(cached) is tree.body[2]
    assert model.function_of(lam) is tree.body[3].value  # type: ignore[attr-defined]
    assert model.function_of(coro) is None
    assert model.function_of(inline) is inline
    binding = model.binding_of_definition(tree.body[1])
    assert binding is not None and binding.kind == DEF


def test_function_of_through_jit_sees_a_def_jitted_without_options() -> None:
    """`through_jit`: a def whose one decorator is `@jax.jit` (or `@partial(jax.jit)`) without
    options is the body another transformation traces; static options or another decorator
    change what it is."""
    source = ("import functools\nimport jax\n@jax.jit\ndef bare(x):\n    return x\n"
              "@functools.partial(jax.jit)\ndef via_partial(x):\n    return x\n"
              "@functools.partial(jax.jit, static_argnums=0)\ndef static(n):\n    return n\n"
              "@jax.jit\n@functools.cache\ndef stacked(x):\n    return x\n"
              "bare, via_partial, static, stacked\n")
    model, tree = model_of(source)
    last = tree.body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Tuple)
    bare, via_partial, static, stacked = last.value.elts
    assert model.function_of(bare) is None  # as JAX runs it when passed: the jitted wrapper
    assert model.function_of(bare, through_jit=True) is tree.body[2]
    assert model.function_of(via_partial, through_jit=True) is tree.body[3]
    assert model.function_of(static, through_jit=True) is None
    assert model.function_of(stacked, through_jit=True) is None


def test_runs_before_is_straight_line_order_in_one_scope() -> None:
    source = ("import sys\ndef f():\n    pass\nf()\nx = 1\nif sys.argv:\n    f()\n"
              "y = x\nf()\nz = x\n")
    model, _ = model_of(source)
    calls = [c for c in model.name_calls["f"]]
    first, in_branch, last = calls
    y_read, z_read = [model.use_of[id(n)] for n in reads(model, "x")]
    assert model.runs_before(first, y_read)
    assert not model.runs_before(in_branch, y_read)  # only when sys.argv is true
    assert not model.runs_before(last, y_read)  # after it
    assert model.runs_before(last, z_read)


# `unchanged_at`: programs ending with `seen = d[...]`; `marker` is what the display put there.
UNCHANGED = [
    'marker = object()\nd = {"w": marker, "n": 1}\nseen = d["w"]\n',
    'marker = object()\nd = [marker, 2]\nprint(len(d), d.count(2))\nseen = d[0]\n',
    'marker = object()\nd = {"w": marker}\nother = d["w"]\nprint(d.get("w"))\nseen = d["w"]\n',
    'marker = object()\nd = {"w": marker}\nseen = d["w"]\nd["w"] = 5\n',
    'marker = object()\nd = {"w": marker}\nseen = d["w"]\nfor _ in range(2):\n    d["w"] = 5\n',
    'marker = object()\nd = {"w": marker}\nseen = d["w"]\nd.update(w=1)\n',
]
CHANGED = [
    'marker = object()\nd = {"w": marker}\nd["w"] = 5\nseen = d["w"]\n',
    'marker = object()\nd = {"w": marker}\nd.update(w=5)\nseen = d["w"]\n',
    'marker = object()\nd = {"w": marker}\nalias = d\nalias["w"] = 5\nseen = d["w"]\n',
    'marker = object()\nd = e = {"w": marker}\ne["w"] = 5\nseen = d["w"]\n',
    'marker = object()\nd = {"w": marker}\nbox = (d,)\nbox[0]["w"] = 5\nseen = d["w"]\n',
    'marker = object()\nd = [marker]\nd.insert(0, 5)\nseen = d[0]\n',
    'def reset():\n    d["w"] = 5\nmarker = object()\nd = {"w": marker}\nreset()\nseen = d["w"]\n',
    'def change(t):\n    t["w"] = 5\nmarker = object()\nd = {"w": marker}\nchange(d)\nseen = d["w"]\n',
    'marker = object()\nd = {"w": marker}\nfor i in range(2):\n    seen = d["w"]\n    d["w"] = 5\n',
    'marker = object()\nd = {"w": marker}\ndel d["w"]\nd["w"] = 5\nseen = d["w"]\n',
]


def _last_read(model: ModuleModel) -> tuple[object, object]:
    use = [u for u in model.uses["d"] if isinstance(u.parent, ast.Subscript)
           and isinstance(u.parent.ctx, ast.Load)][-1]
    binding = model.binding_of(use.node)
    return binding, use


def test_unchanged_at_holds_where_python_reads_what_the_display_put() -> None:
    for source in UNCHANGED:
        model, _ = model_of(source)
        binding, use = _last_read(model)
        assert binding is not None and model.unchanged_at(binding, use), source  # type: ignore[arg-type]
        namespace: dict[str, object] = {}
        exec(compile(source, "<unchanged>", "exec"), namespace)
        assert namespace["seen"] is namespace["marker"], source


def test_unchanged_at_fails_where_the_container_may_have_changed() -> None:
    for source in CHANGED:
        model, _ = model_of(source)
        binding, use = _last_read(model)
        assert binding is None or not model.unchanged_at(binding, use), source  # type: ignore[arg-type]


def test_assigned_value_is_the_value_of_the_one_plain_assignment_a_use_reads() -> None:
    model, _ = model_of(
        "import sys\n"
        "a = [1]\nb: int\nc = 1\nc += 2\nd, e = 1, 2\n"
        "if sys.argv:\n    f = 1\nelse:\n    f = 2\n"
        "g = 1\ng = (3, 4)\n"
        "def h(p):\n    return p\n"
        "print(a, b, c, d, f, g, h)\n")
    used = {use.node.id: use.node for uses in model.uses.values() for use in uses
            if use.node.lineno == 15}
    assert isinstance(model.assigned_value(used["a"]), ast.List)
    found = model.assignment_of(used["a"])
    assert found is not None and found[0].kind == ASSIGN and found[1] is found[0].value
    assert isinstance(model.assigned_value(used["g"]), ast.Tuple)  # the latest binding
    # An annotation without a value, an augmented assignment, an unpacking, two reaching
    # bindings, a def: no plain assignment's value.
    for name in ("b", "c", "d", "f", "h"):
        assert model.assigned_value(used[name]) is None, name
        assert model.assignment_of(used[name]) is None, name


def test_read_binding_is_the_one_reaching_binding_of_a_read() -> None:
    model, _ = model_of("import sys\ndef f(p):\n    q = p\n    if sys.argv:\n        q = 2\n    return p, q\n")
    reads_p = [u.node for u in model.uses["p"]]
    [read_q] = [u.node for u in model.uses["q"]]
    assert all((b := model.read_binding(node)) is not None and isinstance(b.node, ast.arg) for node in reads_p)
    assert model.read_binding(read_q) is None  # two bindings reach it


FACTORIES = '''
import functools
def make_loss(scale):
    def loss(x):
        return x * scale
    return loss
def make_lambda(scale):
    return lambda x: x * scale
def make_either(flag):
    def a(x):
        return x
    def b(x):
        return -x
    if flag:
        return a
    return b
def make_cached():
    @functools.cache
    def c(x):
        return x
    return c
def make_many():
    def g(x):
        yield x
    yield g
loss = make_loss(2.0)
lam = make_lambda(2.0)
either = make_either(True)
cached = make_cached()
many = make_many()
print(loss, lam, either, cached, many)
'''


def test_function_of_a_name_bound_to_what_a_factory_returns() -> None:
    """`f = make_loss(cfg)`: the one undecorated def (or lambda) every return of the factory
    gives; not when returns differ, the def is decorated, or the factory is a generator."""
    model, tree = model_of(FACTORIES)
    uses = {n.id: n for n in tree.body[-1].value.args}  # type: ignore[attr-defined]
    make_loss, make_lambda = tree.body[1], tree.body[2]
    assert model.function_of(uses["loss"]) is make_loss.body[0]  # type: ignore[attr-defined]
    assert model.function_of(uses["lam"]) is make_lambda.body[0].value  # type: ignore[attr-defined]
    assert model.function_of(uses["either"]) is None
    assert model.function_of(uses["cached"]) is None
    assert model.function_of(uses["many"]) is None


def test_a_loop_tuple_target_names_its_place_in_each_element() -> None:
    model, tree = model_of(
        "for name, (count, rate) in settings.items():\n    pass\n"
        "pairs = [(a, b) for a, *rest in rows]\n"
        "for plain in rows:\n    pass\n")
    loop = tree.body[0]
    assert isinstance(loop, ast.For)
    places = {}
    for name in ("name", "count", "rate", "a", "plain"):
        for binding in [b for scope in (model.module_scope, *model.scope_of_node.values())
                        for b in scope.bindings.get(name, [])]:
            places[name] = model.loop_unpacking(binding)
    assert places["name"] is not None and places["name"].iterated is loop.iter
    assert (places["name"].index, places["name"].arity) == ((0,), (2,))
    assert (places["count"].index, places["count"].arity) == ((1, 0), (2, 2))
    assert (places["rate"].index, places["rate"].arity) == ((1, 1), (2, 2))
    assert places["a"] is None  # (a starred target: where each name sits is not fixed)
    assert places["plain"] is None  # (a plain target: `Binding.iterated` says it)
