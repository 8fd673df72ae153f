"""The binder with code flow (jaxerr_lsp/analysis/flow.py): hand-written cases, then generated programs
run by real Python (every value a use reads must come from a definition the binder names),
then every file of the repository's cases and examples."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from jaxerr_lsp.analysis.flow import Flow, Reaching
from tests import flow_programs

ROOT = Path(__file__).resolve().parent.parent


def _uses(tree: ast.AST, name: str) -> list[ast.Name]:
    """The Names `reaching` answers for (reads, augmented targets, del targets), in order."""
    augmented = {id(n.target) for n in ast.walk(tree) if isinstance(n, ast.AugAssign)}
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == name and (
        isinstance(n.ctx, (ast.Load, ast.Del)) or id(n) in augmented)]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def reach(source: str, name: str, occurrence: int = -1) -> Reaching:
    """What reaches the `occurrence`-th use of `name` (the last by default)."""
    tree = ast.parse(textwrap.dedent(source))
    answer = Flow(tree).reaching(_uses(tree, name)[occurrence])
    assert answer is not None
    return answer


def lines(answer: Reaching) -> list[int]:
    return [getattr(d, "lineno", 0) for d in answer.definitions]


lines_of = lines


def kinds(answer: Reaching) -> list[str]:
    return [type(d).__name__ for d in answer.definitions]


# ---------------------------------------------------------------------- targets
def test_plain_rebinding_keeps_the_last():
    answer = reach("""
        x = 1
        x = 2
        print(x)
    """, "x")
    assert lines(answer) == [3]
    assert answer.maybe_unbound is False
    assert answer.exact is True
    assert answer.builtin is False


def test_chained_assignment_binds_each_name():
    source = """
        a = b = 1
        print(a, b)
    """
    assert kinds(reach(source, "a")) == ["Name"]
    assert lines(reach(source, "b")) == [2]


def test_unpacking_at_any_depth_and_starred():
    source = """
        a, (b, [c, *d]) = f()
        print(a, b, c, d)
    """
    for name in "abcd":
        assert lines(reach(source, name)) == [2]
    assert kinds(reach(source, "d")) == ["Name"]  # the Name inside the Starred


def test_augmented_assignment_reads_before_it_stores():
    source = """
        x = 1
        x += 2
        print(x)
    """
    assert lines(reach(source, "x", 0)) == [2]  # the target of += reads the first binding
    assert lines(reach(source, "x", 1)) == [3]  # the print reads the augmented one


def test_annotation_without_value_binds_nothing_but_makes_local():
    source = """
        x = 1
        def f():
            print(x)
            x: int
    """
    answer = reach(source, "x")
    assert answer.definitions == ()
    assert answer.maybe_unbound is True
    assert isinstance(answer.scope, ast.FunctionDef)


def test_annotated_assignment_with_value_binds():
    assert lines(reach("""
        x: int = 1
        print(x)
    """, "x")) == [2]


def test_walrus_binds_its_target():
    answer = reach("""
        if (n := len(a)) > 3:
            pass
        print(n)
    """, "n")
    assert lines(answer) == [2]
    assert answer.maybe_unbound is False


def test_walrus_in_second_operand_of_and_may_not_run():
    answer = reach("""
        ok and (n := 1)
        print(n)
    """, "n")
    assert lines(answer) == [2]
    assert answer.maybe_unbound is True


def test_walrus_in_a_branch_of_a_conditional_expression():
    answer = reach("""
        n = 0
        y = (n := 1) if c else 2
        print(n)
    """, "n")
    assert lines(answer) == [2, 3]
    assert answer.maybe_unbound is False


def test_walrus_in_comprehension_binds_the_enclosing_scope():
    answer = reach("""
        def f(xs):
            [y := x for x in xs]
            return y
    """, "y")
    assert isinstance(answer.scope, ast.FunctionDef)
    assert lines(answer) == [3]
    assert answer.maybe_unbound is True  # the comprehension may not iterate


def test_for_target_with_as_imports():
    source = """
        import a.b
        import c.d as e
        from f import g as h, i
        for j in k:
            pass
        with m() as n:
            pass
        print(a, e, h, i, j, n)
    """
    assert kinds(reach(source, "a")) == ["alias"]
    assert kinds(reach(source, "e")) == ["alias"]
    assert kinds(reach(source, "h")) == ["alias"]
    assert kinds(reach(source, "i")) == ["alias"]
    assert kinds(reach(source, "j")) == ["Name"]
    assert reach(source, "j").maybe_unbound is True  # no iteration
    assert kinds(reach(source, "n")) == ["Name"]


def test_def_class_and_parameters():
    source = """
        def f(a, /, b=1, *c, d, **e):
            return a, b, c, d, e
        class K:
            pass
        print(f, K)
    """
    assert kinds(reach(source, "f")) == ["FunctionDef"]
    assert kinds(reach(source, "K")) == ["ClassDef"]
    for name in "abcde":
        answer = reach(source, name)
        assert kinds(answer) == ["arg"]
        assert answer.maybe_unbound is False


def test_except_as_is_deleted_after_the_handler():
    source = """
        try:
            pass
        except E as e:
            print(e)
        print(e)
    """
    inside = reach(source, "e", 0)
    assert kinds(inside) == ["ExceptHandler"]
    assert inside.maybe_unbound is False
    after = reach(source, "e", 1)
    assert after.definitions == ()
    assert after.maybe_unbound is True


def test_a_jump_out_of_a_handler_deletes_its_name():
    answer = reach("""
        e = 1
        for x in r:
            try:
                f()
            except E as e:
                continue
        print(e)
    """, "e")
    assert lines(answer) == [2]
    assert answer.maybe_unbound is True


def test_del_unbinds():
    source = """
        x = 1
        del x
        print(x)
    """
    assert lines(reach(source, "x", 0)) == [2]  # the del reads x
    answer = reach(source, "x", 1)
    assert answer.definitions == ()
    assert answer.maybe_unbound is True


def test_match_captures_guard_and_no_case_matched():
    source = """
        match v:
            case [a, *rest] if a:
                pass
            case {"k": b, **others}:
                pass
            case c:
                pass
        print(a, rest, b, others, c)
    """
    assert kinds(reach(source, "a")) == ["MatchAs"]
    assert reach(source, "a").maybe_unbound is True
    assert kinds(reach(source, "rest")) == ["MatchStar"]
    assert kinds(reach(source, "others")) == ["MatchMapping"]
    # `case c` is irrefutable: the last case always matches if the others did not.
    assert reach(source, "c").maybe_unbound is True  # (an earlier case may have matched)


def test_match_without_irrefutable_case_may_match_nothing():
    answer = reach("""
        x = 0
        match v:
            case 1:
                x = 1
        print(x)
    """, "x")
    assert lines(answer) == [2, 5]


def test_match_guard_failure_keeps_the_capture():
    answer = reach("""
        match v:
            case [a] if a > 1:
                pass
            case _:
                print(a)
    """, "a")
    assert kinds(answer) == ["MatchAs"]
    assert answer.maybe_unbound is True


# ---------------------------------------------------------------------- branches and loops
def test_if_elif_else_join():
    source = """
        if p:
            x = 1
        elif q:
            x = 2
        else:
            x = 3
        print(x)
    """
    answer = reach(source, "x")
    assert lines(answer) == [3, 5, 7]
    assert answer.maybe_unbound is False


def test_if_without_else_may_leave_unbound():
    answer = reach("""
        if p:
            x = 1
        print(x)
    """, "x")
    assert lines(answer) == [3]
    assert answer.maybe_unbound is True


def test_constant_condition_takes_one_branch():
    answer = reach("""
        x = 1
        if True:
            x = 2
        print(x)
    """, "x")
    assert lines(answer) == [4]


def test_loop_back_edge():
    source = """
        x = zeros(3)
        for i in range(3):
            y = x
            x = [1, 2]
        print(x)
    """
    assert lines(reach(source, "x", 0)) == [2, 5]  # second pass reads the list
    assert lines(reach(source, "x", 1)) == [2, 5]


def test_while_true_exits_only_by_break():
    source = """
        while True:
            x = 1
            if p:
                break
            x = 2
        print(x)
    """
    answer = reach(source, "x")
    assert lines(answer) == [3]
    assert answer.maybe_unbound is False


def test_loop_else_runs_without_break():
    source = """
        for i in r:
            if p:
                x = 1
                break
        else:
            x = 2
        print(x)
    """
    answer = reach(source, "x")
    assert lines(answer) == [4, 7]
    assert answer.maybe_unbound is False


def test_continue_goes_to_the_next_iteration():
    source = """
        x = 0
        while p:
            if q:
                x = 1
                continue
            print(x)
            x = 2
    """
    assert lines(reach(source, "x")) == [2, 5, 8]


def test_code_after_return_is_unreachable():
    answer = reach("""
        def f():
            x = 1
            return
            print(x)
    """, "x")
    assert answer.definitions == ()
    assert answer.maybe_unbound is False


def test_code_after_raise_is_unreachable():
    answer = reach("""
        x = 1
        raise E
        print(x)
    """, "x")
    assert answer.definitions == ()


# ---------------------------------------------------------------------- exceptions and with
def test_handler_sees_every_point_of_the_try_body():
    answer = reach("""
        try:
            x = 1
            x = 2
        except E:
            print(x)
    """, "x")
    assert lines(answer) == [3, 4]
    assert answer.maybe_unbound is True  # raised before the first statement


def test_try_else_sees_the_end_of_the_body():
    answer = reach("""
        try:
            x = 1
            x = 2
        except E:
            x = 3
        else:
            print(x)
    """, "x")
    assert lines(answer) == [4]


def test_after_try_joins_body_and_handlers():
    answer = reach("""
        try:
            x = 1
        except E:
            x = 2
        print(x)
    """, "x")
    assert lines(answer) == [3, 5]
    assert answer.maybe_unbound is False


def test_finally_sees_abrupt_paths_but_code_after_it_does_not():
    source = """
        def f():
            try:
                x = 1
                x = 2
            finally:
                print(x)
            print(x)
    """
    in_finally = reach(source, "x", 0)
    assert lines(in_finally) == [4, 5]
    assert in_finally.maybe_unbound is True
    after = reach(source, "x", 1)
    assert lines(after) == [5]
    assert after.maybe_unbound is False


def test_finally_on_return_and_break_paths():
    source = """
        def f():
            for i in r:
                try:
                    x = 1
                    if p:
                        break
                    x = 2
                    return x
                finally:
                    y = x
            return y
    """
    assert lines(reach(source, "x", 1)) == [5, 8]  # in finally (the read in `return x` is 0)
    answer = reach(source, "y")
    assert lines(answer) == [11]
    assert answer.maybe_unbound is True  # no iteration


def test_deeply_nested_finally_bodies_stay_sound():
    # Past a few levels a `finally` is laid out once for every path (less precise, still sound).
    lines = ["def f():", "    x = 0"]
    for level in range(9):
        lines += ["    " * (level + 1) + "try:", "    " * (level + 2) + f"x = {level + 1}",
                  "    " * (level + 1) + "finally:"]
    lines += ["    " * 10 + "print(x)", "    print(x)"]
    source = "\n".join(lines)
    innermost = reach(source, "x", 0)
    assert lines_of(innermost) == [2, 4, 7, 10, 13, 16, 19, 22, 25, 28]
    after = reach(source, "x", 1)
    assert 28 in lines_of(after)
    assert after.maybe_unbound is False


def test_with_body_may_be_cut_short_by_a_swallowing_manager():
    answer = reach("""
        x = 0
        with suppress(E):
            x = 1
            x = 2
        print(x)
    """, "x")
    assert lines(answer) == [2, 4, 5]


def test_assert_walrus_may_not_run():
    answer = reach("""
        assert (n := f())
        print(n)
    """, "n")
    assert lines(answer) == [2]
    assert answer.maybe_unbound is True  # python -O


# ---------------------------------------------------------------------- scopes
def test_closure_gets_every_definition():
    source = """
        x = 1
        def f():
            return x
        x = 2
    """
    answer = reach(source, "x")
    assert lines(answer) == [2, 5]
    assert answer.exact is False
    assert answer.maybe_unbound is False  # bound where f is made, never deleted


def test_closure_over_a_name_unbound_where_the_function_is_made():
    answer = reach("""
        def f():
            return x
        x = 2
    """, "x")
    assert lines(answer) == [4]
    assert answer.maybe_unbound is True


def test_recursive_function_sees_itself():
    answer = reach("""
        def f(n):
            return f(n - 1)
    """, "f")
    assert kinds(answer) == ["FunctionDef"]
    assert answer.maybe_unbound is False


def test_lambda_body_is_a_closure_and_defaults_run_at_once():
    source = """
        x = 1
        g = lambda a=x: a + x
        x = 2
    """
    default = reach(source, "x", 0)
    assert lines(default) == [2]
    assert default.exact is True
    body = reach(source, "x", 1)
    assert lines(body) == [2, 4]
    assert body.exact is False


def test_comprehension_runs_where_it_is_written():
    source = """
        x = 1
        ys = [x + i for i in range(3)]
        x = 2
    """
    answer = reach(source, "x")
    assert lines(answer) == [2]
    assert answer.exact is True
    iteration = reach(source, "i")
    assert isinstance(iteration.scope, ast.ListComp)
    assert iteration.maybe_unbound is False


def test_generator_expression_body_runs_later():
    answer = reach("""
        x = 1
        g = (x for _ in r)
        x = 2
    """, "x")
    assert lines(answer) == [2, 4]
    assert answer.exact is False


def test_class_body_runs_in_order_and_methods_skip_it():
    source = """
        x = 1
        class K:
            x = 2
            y = x
            def m(self):
                return x
    """
    in_body = reach(source, "x", 0)
    assert isinstance(in_body.scope, ast.ClassDef)
    assert lines(in_body) == [4]
    method = reach(source, "x", 1)
    assert isinstance(method.scope, ast.Module)
    assert lines(method) == [2]


def test_class_body_reads_the_global_where_its_own_name_is_unbound():
    answer = reach("""
        x = 1
        class K:
            y = x
            x = 2
    """, "x")
    assert lines(answer) == [2]
    assert answer.maybe_unbound is False


def test_global_declaration_binds_the_module_name():
    source = """
        x = 1
        def f():
            global x
            x = 2
        print(x)
    """
    answer = reach(source, "x")
    assert lines(answer) == [2, 5]
    assert answer.exact is False  # f may run at any call


def test_nonlocal_declaration_binds_the_enclosing_name():
    source = """
        def outer():
            x = 1
            def inner():
                nonlocal x
                x = 2
            inner()
            return x
    """
    answer = reach(source, "x")
    assert isinstance(answer.scope, ast.FunctionDef) and answer.scope.name == "outer"
    assert lines(answer) == [3, 6]
    assert answer.exact is False


def test_type_parameters_bind_in_their_annotation_scope():
    source = """
        class Box[T: Sequence]:
            item: T
            def get(self) -> T:
                return cast(T, self.item)
        type Pair[U] = tuple[U, U]
    """
    in_method = reach(source, "T")
    assert kinds(in_method) == ["TypeVar"]
    assert reach(source, "Sequence").builtin is True
    assert kinds(reach(source, "U")) == ["TypeVar"]


def test_builtin():
    answer = reach("print(len)", "len")
    assert answer.builtin is True
    assert answer.definitions == ()


def test_star_import_may_bind_any_module_name():
    answer = reach("""
        x = 1
        from m import *
        print(x)
    """, "x")
    assert kinds(answer) == ["Name", "alias"]


def test_notebook_cells_are_straight_line_module_code():
    # Cells joined in order: each read sees the latest binding.
    source = "w = zeros(4)\nprint(w)\nw = [1, 2]\nprint(w)\n"
    assert lines(reach(source, "w", 0)) == [1]
    assert lines(reach(source, "w", 1)) == [3]


def test_reaching_at_a_statement():
    tree = ast.parse(textwrap.dedent("""
        x = 1
        def f():
            y = 1
            if p:
                y = 2
            return y
        x = 2
    """))
    flow = Flow(tree)
    function = tree.body[1]
    assert isinstance(function, ast.FunctionDef)
    answer = flow.reaching_at("y", function, function.body[2])
    assert answer is not None
    assert lines(answer) == [4, 6]
    module = flow.reaching_at("x", tree, tree.body[2])
    assert module is not None
    assert lines(module) == [2]
    assert flow.reaching_at("y", tree, function.body[2]) is None  # not a module statement


def test_a_name_not_in_the_tree_or_a_plain_store_gets_none():
    tree = ast.parse("x = 1\nprint(x)\n")
    flow = Flow(tree)
    assert flow.reaching(ast.Name("x", ast.Load())) is None
    assign = tree.body[0]
    assert isinstance(assign, ast.Assign)
    target = assign.targets[0]
    assert isinstance(target, ast.Name)
    assert flow.reaching(target) is None


# ---------------------------------------------------------------------- robustness
def _deepest(build) -> str:
    """The deepest program `build(depth)` that ast.parse accepts."""
    depth = 1000
    while depth > 10:
        source = build(depth)
        try:
            ast.parse(source)
            return source
        except (SyntaxError, RecursionError, MemoryError):
            depth //= 2
    raise AssertionError("nothing parsed")


@pytest.mark.parametrize("build", [
    lambda n: "x = 1\nif p:\n    x = 2\n" + "".join(f"elif p{i}:\n    x = {i}\n" for i in range(n))
    + "print(x)\n",
    lambda n: "x = 1\ny = " + "(" * n + "x" + ")" * n + "\nprint(x)\n",
    lambda n: "x = 1\ny = " + " + ".join(["x"] * n) + "\nprint(x)\n",
    lambda n: "x = 1\ny = " + "[" * n + "x" + "]" * n + "\nprint(x)\n",
    lambda n: "x = 1\ny = " + "".join(f"(lambda a{i}: " for i in range(n)) + "x" + ")" * n
    + "\nprint(x)\n",
], ids=["elif", "parentheses", "sum", "lists", "lambdas"])
def test_deep_nesting_raises_nothing(build):
    tree = ast.parse(_deepest(build))
    flow = Flow(tree)
    last = _uses(tree, "x")[-1]
    answer = flow.reaching(last)
    assert answer is not None
    assert answer.definitions  # something reaches the last read


# ---------------------------------------------------------------------- against real Python
# Reproducible: derandomized, no example database; no shrinking (a failure prints its program).
PROFILE = settings(max_examples=70, derandomize=True, database=None, deadline=None,
                   phases=(Phase.explicit, Phase.generate),
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _check_program(source: str, conditions: list[bool], straight: bool) -> None:
    tree = ast.parse(source)
    flow = Flow(tree)
    uses = flow_programs.uses(tree)
    sites = flow_programs.sites(tree)
    outcome = flow_programs.run(source, conditions)
    for use, site in outcome.seen:
        answer = flow.reaching(uses[use])
        assert answer is not None
        definition = sites[site]
        assert any(d is definition for d in answer.definitions), (
            f"use {use} (line {uses[use].lineno}) read site {site} "
            f"(line {getattr(definition, 'lineno', '?')}), not in "
            f"{[getattr(d, 'lineno', '?') for d in answer.definitions]}\n{source}")
        if straight:
            assert len(answer.definitions) == 1, f"use {use} is not exact\n{source}"
            assert answer.maybe_unbound is False, f"use {use} may be unbound?\n{source}"
    if outcome.failed is not None:
        answer = flow.reaching(uses[outcome.failed])
        assert answer is not None
        assert answer.maybe_unbound is True, f"use {outcome.failed} raised NameError\n{source}"
        if straight:
            assert answer.definitions == (), f"use {outcome.failed}\n{source}"


def _program(data: st.DataObject, straight: bool) -> tuple[str, list[bool]]:
    in_function = data.draw(st.booleans(), label="in a function")
    writer = flow_programs.Writer(
        lambda n: data.draw(st.integers(0, n - 1)), straight=straight, in_function=in_function)
    source = writer.program(size=6 if straight else 8)
    conditions = data.draw(st.lists(st.booleans(), min_size=1, max_size=8), label="conditions")
    return source, conditions


@PROFILE
@given(st.data())
def test_generated_programs_read_only_reaching_definitions(data):
    source, conditions = _program(data, straight=False)
    _check_program(source, conditions, straight=False)


@settings(PROFILE, max_examples=40)
@given(st.data())
def test_straight_line_programs_are_exact(data):
    source, conditions = _program(data, straight=True)
    _check_program(source, conditions, straight=True)


# ---------------------------------------------------------------------- the repository's files
def _repository_files() -> list[Path]:
    files = [*sorted((ROOT / "tests" / "cases").rglob("*.py")),
             *sorted((ROOT / "examples").rglob("*.py"))]
    return [f for f in files if f.is_file()]


def _binds(definition: ast.AST, name: str) -> bool:
    if isinstance(definition, ast.Name):
        return definition.id == name
    if isinstance(definition, ast.alias):
        return definition.name == "*" or (definition.asname or definition.name.split(".")[0]) == name
    if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                               ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return definition.name == name
    if isinstance(definition, ast.arg):
        return definition.arg == name
    if isinstance(definition, ast.MatchMapping):
        return definition.rest == name
    return getattr(definition, "name", None) == name  # type parameters


def test_every_read_of_the_repository_files_is_answered():
    files = _repository_files()
    assert len(files) > 50
    answered = 0
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        flow = Flow(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                answer = flow.reaching(node)
                assert answer is not None, f"{path}:{node.lineno} {node.id}"
                assert all(_binds(d, node.id) for d in answer.definitions), \
                    f"{path}:{node.lineno} {node.id}"
                answered += 1
    assert answered > 1000
