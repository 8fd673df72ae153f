"""JXE064 hiprim-init-missing-attributes.

What it does: finds the `__init__` of a `jax.experimental.hijax.HiPrim` subclass (instantiated
in this file, not derived from here, single inheritance down to HiPrim, no other `__init__` in
between) that calls `super().__init__()` (or `HiPrim.__init__(self)`) while `self.in_avals`,
`self.out_aval` or `self.params` is not yet set: never assigned before that call in `__init__`
and not a class attribute of the class or its in-file ancestors.

What it leaves alone: classes defining `__getattr__`; an `__init__` that, before the call, hands `self` to any function, calls
a method of `self`, uses `setattr`/`vars`/`__dict__`, or may return early; classes the file
derives others from (a subclass may set the attributes before calling up); unknown bases.

Why is this bad: `HiPrim.__init__` checks the three attributes, in that order, and raises
AttributeError naming the first one missing, as soon as the class is instantiated.

Fix: when every missing attribute is assigned later in `__init__`, by plain top-level
assignments, move the `super().__init__()` call after the last of them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.hiprim import HIPRIM_QUALNAMES, HiPrimClass, hiprim_classes
from jaxerr_lsp.engine.rule import Context, Rule, as_template

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

REQUIRED = ("in_avals", "out_aval", "params")  # the order HiPrim.__init__ checks them in
_DYNAMIC = frozenset({"setattr", "vars", "__dict__", "__setattr__", "locals", "exec", "eval"})
_DYNAMIC_NODES = (ast.Return, ast.Yield, ast.YieldFrom, ast.Await, ast.Name, ast.Attribute, ast.Call)


@dataclass(frozen=True)
class InitMissing(RuleData):
    missing: str  # the attribute JAX names (the first missing in REQUIRED order)
    call_lines: Span  # the whole line(s) of the `super().__init__()` statement
    # Where the call can move: the start of the line after the last top-level plain assignment
    # of a missing attribute, when the statements in between are plain assignments to `self`
    # attributes whose values do not read `self`; None when the move is not that simple.
    move_to: Span | None
    move_safe: bool


def check(ctx: Context) -> None:
    for hiprim in hiprim_classes(ctx):
        if hiprim.subclassed or not hiprim.instantiations or not hiprim.single_inheritance \
                or hiprim.binds("__getattr__") or hiprim.binds("__getattribute__"):
            continue  # (a __getattr__ may answer hasattr(self, "in_avals") itself)
        init = hiprim.own_method("__init__")
        if init is None or any("__init__" in hiprim.names[id(c)] for c in hiprim.lineage[1:]):
            continue
        index = _super_init_index(ctx, hiprim, init)
        if index is None:
            continue
        before = init.body[:index]
        if any(_dynamic(ctx, node) for node in before):
            continue
        assigned = {t.attr for node in before for t in _self_attribute_targets(ctx, node)}
        missing = [name for name in REQUIRED if name not in assigned and not hiprim.binds(name)]
        if not missing:
            continue
        _report(ctx, hiprim, init, index, missing)


def _super_init_index(ctx: Context, hiprim: HiPrimClass, init: ast.FunctionDef | ast.AsyncFunctionDef
                      ) -> int | None:
    """The position in `__init__`'s body of the one top-level statement
    `super().__init__()` / `HiPrim.__init__(self)`, when the body has exactly one such call."""
    found = []
    for position, statement in enumerate(init.body):
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) \
                and _is_super_init(ctx, hiprim, statement.value):
            found.append(position)
    if len(found) != 1:
        return None
    calls = sum(1 for statement in init.body
                for node in ctx.model.nodes_in(statement, ast.Attribute) if node.attr == "__init__")
    return found[0] if calls == 1 else None


def _is_super_init(ctx: Context, hiprim: HiPrimClass, call: ast.Call) -> bool:
    function = call.func
    if not isinstance(function, ast.Attribute) or function.attr != "__init__" or call.keywords:
        return False
    receiver = function.value
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) \
            and receiver.func.id == "super" and ctx.model.qualname(receiver.func) == "builtins.super":
        plain = not receiver.args and not receiver.keywords
        explicit = (len(receiver.args) == 2 and isinstance(receiver.args[0], ast.Name)
                    and receiver.args[0].id == hiprim.name and isinstance(receiver.args[1], ast.Name)
                    and receiver.args[1].id == "self")
        return (plain or explicit) and not call.args
    if ctx.model.qualname(receiver) in HIPRIM_QUALNAMES and len(hiprim.lineage) == 1:
        return (len(call.args) == 1 and isinstance(call.args[0], ast.Name)
                and call.args[0].id == "self")
    return False


def _dynamic(ctx: Context, statement: ast.stmt) -> bool:
    """Whether the statement may set attributes of `self` in a way the rule cannot see, or
    leave `__init__` early."""
    for node in ctx.model.nodes_in(statement, _DYNAMIC_NODES):
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)):
            return True
        if isinstance(node, ast.Name) and node.id in _DYNAMIC:
            return True
        if isinstance(node, ast.Attribute) and node.attr in _DYNAMIC:
            return True
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and _is_self(node.func.value):
                return True  # self.setup(...)
            arguments = [*node.args, *(k.value for k in node.keywords)]
            if any(_is_self(a) or isinstance(a, ast.Starred) and _is_self(a.value)
                   for a in arguments):
                return True  # helper(self)
    return False


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _self_attribute_targets(ctx: Context, statement: ast.AST) -> list[ast.Attribute]:
    """`self.x` targets assigned anywhere in the statement (branches included; an annotation
    without a value assigns nothing)."""
    return [target for target, holder in ctx.model.stores_in(statement)
            if isinstance(target, ast.Attribute) and _is_self(target.value)
            and not (isinstance(holder, ast.AnnAssign) and holder.value is None)]


def _report(ctx: Context, hiprim: HiPrimClass, init: ast.FunctionDef | ast.AsyncFunctionDef,
            index: int, missing: list[str]) -> None:
    call = init.body[index]
    first = missing[0]
    template = next(t for t in load_catalog().get("hiprim-init-missing-attributes").messages
                    if f"`self.{first}`" in t).strip()
    note = ""
    if len(missing) > 1:
        others = ", ".join(f"`self.{m}`" for m in missing[1:])
        note = f"\n{others} {'is' if len(missing) == 2 else 'are'} not set before the call either."
    move_to, move_safe = _move_target(ctx, init, index, missing)
    if move_to is not None:
        note += ("\nThe missing attributes are assigned later in `__init__`: call "
                 "`super().__init__()` after them.")
    else:
        note += f"\nAssign `self.{first}` before calling `super().__init__()`."
    ctx.report(call, message=template, predicted=as_template(template),
               note=note,
               related=(Related(ctx.span(hiprim.instantiations[0]),
                                f"`{hiprim.name}` instantiated here: the error is raised there"),),
               data=InitMissing(first, _lines_of(call), move_to, move_safe))


def _lines_of(statement: ast.stmt) -> Span:
    return Span(statement.lineno, 0, (statement.end_lineno or statement.lineno) + 1, 0)


def _move_target(ctx: Context, init: ast.FunctionDef | ast.AsyncFunctionDef, index: int,
                 missing: list[str]) -> tuple[Span | None, bool]:
    """Where the super call can move (after the last top-level plain assignment of a missing
    attribute), and whether the statements it moves over are plain, self-free assignments of
    `self` attributes."""
    after = init.body[index + 1:]
    last = None
    for position, statement in enumerate(after):
        names = {t.attr for t in _self_attribute_targets(ctx, statement)}
        if names & set(missing):
            if not isinstance(statement, (ast.Assign, ast.AnnAssign)):
                return None, False
            last = position
    if last is None:
        return None, False
    assigned_later = {t.attr for s in after[:last + 1] for t in _self_attribute_targets(ctx, s)}
    if not set(missing) <= assigned_later:
        return None, False
    safe = all(isinstance(s, ast.Assign) and all(_plain_self_target(t) for t in s.targets)
               and not any(n.id == "self" for n in ctx.model.names_in(s.value))
               for s in after[:last + 1])
    end = after[last].end_lineno or after[last].lineno
    return Span(end + 1, 0, end + 1, 0), safe


def _plain_self_target(target: ast.expr) -> bool:
    return isinstance(target, ast.Attribute) and _is_self(target.value)


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, InitMissing)
    if data.move_to is None or data.move_to.start_line > lines.count + 1:
        return []
    call_text = "".join(lines.line(n) + lines.newline
                        for n in range(data.call_lines.start_line, data.call_lines.end_line))
    why = ("The attributes are then set when HiPrim.__init__ checks them; the statements moved "
           "over are plain assignments to `self` attributes that do not read `self`, so they "
           "run the same before the call." if data.move_safe else
           "The attributes are then set when HiPrim.__init__ checks them, but the statements "
           "moved over may read what HiPrim.__init__ sets (e.g. `self.in_tree`).")
    return [Fix("Call super().__init__() after setting the attributes", data.move_safe, why,
                (TextEdit(data.call_lines, ""), TextEdit(data.move_to, call_text)),
                "call-super-init-last")]


RULE = Rule(
    code="JXE064",
    catalog_id="hiprim-init-missing-attributes",
    triggers=("HiPrim",),
    check=check,
    data=InitMissing,
    fix=fix,
    fix_ids=("call-super-init-last",),
)
