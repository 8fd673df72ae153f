"""Programs for testing the binder against real Python (tests/test_flow.py).

`generate(draw, ...)` writes a random program from a few names, in which
- every definition binds a value that tells where it was made (a `Tag` with the site number,
  or an object carrying it),
- every read of a name is written `_seen(_at(N), name)` (an augmented assignment or a `del`:
  `_at(N); a += T(k); _ok(N)`), so that running the program records which site's value each
  use read, and which use raised NameError.

`run(source, conditions)` runs it and returns what it saw; `sites(tree)` and `uses(tree)` find
the definition node of every site number and the Name of every use number in the parsed tree.
"""

from __future__ import annotations

import ast
import sys
import types
from dataclasses import dataclass, field
from typing import Any, Callable

VALUE_NAMES = ("a", "b", "c")


class Tag:
    """The value a definition site binds."""

    def __init__(self, site: int) -> None:
        self.site = site

    def __iadd__(self, other: Tag) -> Tag:
        _STATE.read(self)  # the augmented assignment reads the old value
        return other

    def __radd__(self, other: Any) -> Tag:
        _STATE.read(other)  # `f += T(k)` with f a function, a class, a match subject
        return self

    def __bool__(self) -> bool:
        return True


class Boom(Exception):
    """The exception generated programs raise (and catch)."""

    site = 0


class Subject:
    """A `match` subject: attribute `k7` is Tag(7), `l7` is [Tag(7)], `m7` is {"t": Tag(7)};
    captured whole (`case a:`), it stands for the site of that capture."""

    __match_args__ = ()

    def __init__(self, site: int) -> None:
        self.site = site

    def __getattr__(self, name: str) -> Any:
        if name[:1] in ("k", "l", "m") and name[1:].isdigit():
            tag = Tag(int(name[1:]))
            return {"k": tag, "l": [tag], "m": {"t": tag}}[name[0]]
        raise AttributeError(name)


class Manager:
    """A context manager whose `__enter__` returns a tag and which may swallow Boom."""

    def __init__(self, value: Tag, swallow: bool) -> None:
        self.value = value
        self.swallow = swallow

    def __enter__(self) -> Tag:
        return self.value

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool:
        return self.swallow and kind is Boom


@dataclass
class _State:
    conditions: list[bool] = field(default_factory=list)
    position: int = 0
    budget: int = 0
    calls: int = 0
    pending: list[int] = field(default_factory=list)  # uses being read
    seen: list[tuple[int, int]] = field(default_factory=list)  # (use, site)

    def read(self, value: Any) -> None:
        self.seen.append((self.pending[-1], site_of(value)))


_STATE = _State()


def site_of(value: Any) -> int:
    if isinstance(value, Tag):
        return value.site
    if isinstance(value, list):
        return value[0].site
    if isinstance(value, dict):
        return value["t"].site
    if isinstance(value, (Subject, Boom)):
        return value.site
    if isinstance(value, types.FunctionType):
        return value.__defaults__[0]  # type: ignore[index]
    if isinstance(value, type):
        return value.__dict__["_site"]
    raise AssertionError(f"a value no site made: {value!r}")


def _at(use: int) -> int:
    _STATE.pending.append(use)
    return use


def _seen(use: int, value: Any) -> Any:
    _STATE.read(value)
    _STATE.pending.pop()
    return value


def _ok(use: int) -> None:
    _STATE.pending.pop()


def _c() -> bool:
    state = _STATE
    if not state.conditions:
        return False
    value = state.conditions[state.position % len(state.conditions)]
    state.position += 1
    return value


def _tick() -> bool:
    _STATE.budget -= 1
    return _STATE.budget >= 0


def _callf(function: Callable[[], Any]) -> None:
    if _STATE.calls > 0:
        _STATE.calls -= 1
        function()


def _stamp(error: Boom, site: int) -> None:
    error.site = site


def _seq(value: Tag, count: int) -> list[Tag]:
    return [value] * count


class _Module(types.ModuleType):
    def __getattr__(self, name: str) -> Tag:
        if name.startswith("t") and name[1:].isdigit():
            return Tag(int(name[1:]))
        raise AttributeError(name)


@dataclass
class Outcome:
    seen: list[tuple[int, int]]  # (use, site) for every read that succeeded
    failed: int | None  # the use that raised NameError, if one did


def run(source: str, conditions: list[bool]) -> Outcome:
    global _STATE
    state = _STATE = _State(conditions=conditions, budget=8, calls=6)
    sys.modules["_flowmod"] = _Module("_flowmod")
    namespace: dict[str, Any] = {
        "__name__": "_generated", "T": Tag, "Boom": Boom, "S": Subject, "CM": Manager,
        "_at": _at, "_seen": _seen, "_ok": _ok, "_c": _c, "_tick": _tick, "_callf": _callf,
        "_stamp": _stamp, "_seq": _seq,
    }
    failed = None
    try:
        exec(compile(source, "<generated>", "exec"), namespace)
    except NameError:
        failed = state.pending[-1]
    except Boom:
        pass
    return Outcome(list(state.seen), failed)


# ---------------------------------------------------------------------- finding nodes
def _calls_named(tree: ast.AST, name: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == name]


def _number(call: ast.Call) -> int:
    return _constant(call.args[0])


def _constant(expr: ast.expr) -> int:
    assert isinstance(expr, ast.Constant) and isinstance(expr.value, int)
    return expr.value


def uses(tree: ast.Module) -> dict[int, ast.Name]:
    """Use number -> the Name read there."""
    found: dict[int, ast.Name] = {}
    for call in _calls_named(tree, "_seen"):
        inner, name = call.args
        assert isinstance(inner, ast.Call) and isinstance(name, ast.Name)
        found[_number(inner)] = name
    for node in ast.walk(tree):
        for body in _bodies(node):
            for first, second in zip(body, body[1:]):
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Call) \
                        and isinstance(first.value.func, ast.Name) and first.value.func.id == "_at":
                    if isinstance(second, ast.Delete):
                        target = second.targets[0]
                    else:
                        assert isinstance(second, ast.AugAssign)
                        target = second.target
                    assert isinstance(target, ast.Name)
                    found[_number(first.value)] = target
    return found


def _bodies(node: ast.AST) -> list[list[ast.stmt]]:
    return [value for name in ("body", "orelse", "finalbody")
            if isinstance(value := getattr(node, name, None), list)
            and value and isinstance(value[0], ast.stmt)]


def _tag(expr: ast.expr | None) -> int | None:
    """The site of `T(k)`, `_seq(T(k), n)`, `CM(T(k), ...)`."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        if expr.func.id == "T":
            return _number(expr)
        if expr.func.id in ("_seq", "CM"):
            return _tag(expr.args[0])
    return None


def _unpack(target: ast.expr, value: ast.expr, found: dict[int, ast.AST]) -> None:
    if isinstance(target, ast.Name):
        site = _tag(value)
        if site is not None:
            found[site] = target
        return
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)):
        elements = target.elts
        star = next((i for i, e in enumerate(elements) if isinstance(e, ast.Starred)), None)
        if star is None:
            for inner, part in zip(elements, value.elts):
                _unpack(inner, part, found)
            return
        after = len(elements) - star - 1
        for inner, part in zip(elements[:star], value.elts[:star]):
            _unpack(inner, part, found)
        for inner, part in zip(elements[star + 1:], value.elts[len(value.elts) - after:]):
            _unpack(inner, part, found)
        starred = elements[star]
        assert isinstance(starred, ast.Starred)
        rest = value.elts[star:len(value.elts) - after]
        site = _tag(rest[0]) if rest else None
        if site is not None:
            found[site] = starred.value


def sites(tree: ast.Module) -> dict[int, ast.AST]:
    """Site number -> the definition node the binder should name for it."""
    found: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _unpack(target, node.value, found)
        elif isinstance(node, (ast.AugAssign, ast.NamedExpr)):
            _unpack(node.target, node.value, found)
        elif isinstance(node, (ast.For, ast.comprehension)):
            _unpack(node.target, node.iter, found)
        elif isinstance(node, ast.With):
            for item in node.items:
                if item.optional_vars is not None:
                    _unpack(item.optional_vars, item.context_expr, found)
        elif isinstance(node, ast.ExceptHandler) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Call) \
                    and isinstance(first.value.func, ast.Name) and first.value.func.id == "_stamp":
                found[_number_at(first.value, 1)] = node
        elif isinstance(node, ast.ImportFrom) and node.module == "_flowmod":
            for alias in node.names:
                found[int(alias.name[1:])] = alias
        elif isinstance(node, ast.FunctionDef):
            defaults = node.args.defaults
            if defaults and isinstance(defaults[0], ast.Constant):
                found[_constant(defaults[0])] = node
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name) \
                        and statement.targets[0].id == "_site":
                    found[_constant(statement.value)] = node
        elif isinstance(node, ast.Match) and isinstance(node.subject, ast.Call):
            found[_number(node.subject)] = node.cases[-1].pattern
        elif isinstance(node, ast.MatchClass):
            for attribute, pattern in zip(node.kwd_attrs, node.kwd_patterns):
                site = int(attribute[1:])
                if isinstance(pattern, ast.MatchAs):
                    found[site] = pattern
                elif isinstance(pattern, ast.MatchSequence):
                    found[site] = pattern.patterns[0]  # [*s]: the MatchStar
                elif isinstance(pattern, ast.MatchMapping):
                    found[site] = pattern  # {**s}: the MatchMapping
    return found


def _number_at(call: ast.Call, index: int) -> int:
    return _constant(call.args[index])


# ---------------------------------------------------------------------- writing programs
class Writer:
    """Writes one program; `choose(n)` picks a number below n (from hypothesis)."""

    def __init__(self, choose: Callable[[int], int], straight: bool, in_function: bool) -> None:
        self.choose = choose
        self.straight = straight
        self.in_function = in_function
        self.lines: list[str] = []
        self.next_site = 1
        self.next_use = 1
        self.functions: list[str] = []  # nested defs written so far (called later)
        self.tries = 0  # try bodies around the statement being written

    def site(self) -> int:
        self.next_site += 1
        return self.next_site - 1

    def use(self) -> int:
        self.next_use += 1
        return self.next_use - 1

    def name(self) -> str:
        return VALUE_NAMES[self.choose(len(VALUE_NAMES))]

    def read(self, name: str) -> str:
        return f"_seen(_at({self.use()}), {name})"

    def emit(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def program(self, size: int) -> str:
        # Most programs start with the names bound, so that they run longer than their first
        # read (a NameError ends a program).
        bound = self.choose(4) != 0
        if self.in_function:
            self.emit(0, "def _main():")
            if bound:
                self.preamble(1)
            self.block(1, 0, size, loop=False, scope="main")
            # Makes every name local to _main (so `nonlocal` finds it), on no path.
            self.emit(1, "if False:")
            for name in VALUE_NAMES:
                self.emit(2, f"{name} = T({self.site()})")
            self.emit(0, "_main()")
        else:
            if bound:
                self.preamble(0)
            self.block(0, 0, size, loop=False, scope="module")
        return "\n".join(self.lines) + "\n"

    def preamble(self, indent: int) -> None:
        for name in VALUE_NAMES:
            self.emit(indent, f"{name} = T({self.site()})")

    def block(self, indent: int, depth: int, size: int, loop: bool, scope: str) -> None:
        count = 1 + self.choose(size)
        for _ in range(count):
            self.statement(indent, depth, loop, scope)

    def statement(self, indent: int, depth: int, loop: bool, scope: str) -> None:
        simple = 11
        compound = 0 if self.straight or depth >= 3 or scope == "class" else 10
        choice = self.choose(simple + compound)
        name = self.name()
        if choice == 0:
            self.emit(indent, self.read(name))
        elif choice == 1:
            self.emit(indent, self.read(name if self.straight or self.choose(4)
                                        else ("e", "s")[self.choose(2)]))
        elif choice == 2:
            self.emit(indent, f"{name} = T({self.site()})")
        elif choice == 3:
            other = self.name()
            third = self.name()
            if len({name, other, third}) < 3:
                self.emit(indent, f"{name} = T({self.site()})")
            elif self.choose(2):
                self.emit(indent, f"{name}, ({other}, {third}) = T({self.site()}), "
                                  f"(T({self.site()}), T({self.site()}))")
            else:
                rest = self.site()
                self.emit(indent, f"[{name}, *s, {other}] = T({self.site()}), T({rest}), "
                                  f"T({rest}), T({self.site()})")
                self.emit(indent, self.read("s"))
        elif choice == 4:
            use = self.use()
            self.emit(indent, f"_at({use}); {name} += T({self.site()}); _ok({use})")
        elif choice == 5:
            use = self.use()
            self.emit(indent, f"_at({use}); del {name}; _ok({use})")
        elif choice == 6:
            if self.straight:
                self.emit(indent, f"({name} := T({self.site()}))")
            else:
                form = self.choose(2 if scope == "class" else 3)
                walrus = f"({name} := T({self.site()}))"
                if form == 0:
                    self.emit(indent, f"_c() and {walrus}")
                elif form == 1:
                    self.emit(indent, f"{walrus} if _c() else {self.read(self.name())}")
                else:
                    self.emit(indent, f"_ = [{walrus} for q in _seq(T({self.site()}), "
                                      f"{self.choose(3)}) if _c()]")
        elif choice == 7:
            self.emit(indent, f"from _flowmod import t{self.site()} as {name}")
        elif choice == 8:
            if scope == "class":
                self.emit(indent, f"{name} = T({self.site()})")
            else:
                self.emit(indent, f"def {name}(_site={self.site()}): pass")
        elif choice == 9:
            if scope == "class" or depth >= 3:
                self.emit(indent, self.read(name))
            else:
                self.emit(indent, f"class {name}:")
                self.emit(indent + 1, f"_site = {self.site()}")
                self.block(indent + 1, depth + 1, 3, loop=False, scope="class")
        elif choice == 10:
            if self.functions:
                function = self.functions[self.choose(len(self.functions))]
                self.emit(indent, f"_callf({self.read(function)})")
            else:
                self.emit(indent, self.read(name))
        else:
            self.compound(choice - simple, indent, depth, loop, scope, name)
            # What the statement left: a read after it.
            after_try = choice - simple == 5 and self.choose(2)
            self.emit(indent, self.read("e" if after_try else self.name()))

    def loop_body(self, indent: int, depth: int, scope: str) -> None:
        """A loop body; often: a name bound, then left by break/continue, then bound again."""
        if self.choose(2):
            name = self.name()
            self.emit(indent, "if _c():")
            self.emit(indent + 1, f"{name} = T({self.site()})")
            self.emit(indent + 1, "break" if self.choose(2) else "continue")
            self.emit(indent, f"{name} = T({self.site()})")
        self.block(indent, depth, 3, True, scope)

    def compound(self, choice: int, indent: int, depth: int, loop: bool, scope: str,
                 name: str) -> None:
        inner = depth + 1
        if choice == 0:
            self.emit(indent, "if _c():")
            self.block(indent + 1, inner, 3, loop, scope)
            if self.choose(2):
                self.emit(indent, "else:")
                self.block(indent + 1, inner, 3, loop, scope)
        elif choice == 1:
            self.emit(indent, f"for {name} in _seq(T({self.site()}), {self.choose(3)}):")
            self.loop_body(indent + 1, inner, scope)
            if self.choose(2):
                self.emit(indent, "else:")
                self.block(indent + 1, inner, 2, loop, scope)
        elif choice == 2:
            if self.choose(2):
                self.emit(indent, "while _tick():")
                self.loop_body(indent + 1, inner, scope)
            else:
                self.emit(indent, "while True:")
                self.emit(indent + 1, "if not _tick(): break")
                self.loop_body(indent + 1, inner, scope)
            if self.choose(2):
                self.emit(indent, "else:")
                self.block(indent + 1, inner, 2, loop, scope)
        elif choice == 3:
            if loop:
                self.emit(indent, "if _c():")
                if self.choose(2):
                    self.emit(indent + 1, f"{name} = T({self.site()})")
                self.emit(indent + 1, "break" if self.choose(2) else "continue")
            elif scope != "module" and scope != "main":
                self.emit(indent, "if _c(): return")
            else:
                self.emit(indent, self.read(name))
        elif choice == 4:
            if self.tries:  # (elsewhere a raise would end most programs early)
                self.emit(indent, "if _c(): raise Boom()" if self.choose(3) else "raise Boom()")
            else:
                self.emit(indent, self.read(name))
        elif choice == 5:
            self.emit(indent, "try:")
            self.tries += 1
            self.block(indent + 1, inner, 3, loop, scope)
            self.tries -= 1
            raising = self.choose(3)
            if raising:
                self.emit(indent + 1, "if _c(): raise Boom()" if raising == 1 else "raise Boom()")
            handlers = self.choose(3)
            for _ in range(handlers):
                self.emit(indent, "except Boom as e:")
                self.emit(indent + 1, f"_stamp(e, {self.site()})")
                self.block(indent + 1, inner, 2, loop, scope)
                if self.choose(2):
                    self.emit(indent + 1, self.read("e"))
            if handlers and self.choose(2):
                self.emit(indent, "else:")
                self.block(indent + 1, inner, 2, loop, scope)
            if not handlers or self.choose(2):
                self.emit(indent, "finally:")
                self.block(indent + 1, inner, 2, loop, scope)
        elif choice == 6:
            self.emit(indent, f"with CM(T({self.site()}), _c()) as {name}:")
            self.block(indent + 1, inner, 3, loop, scope)
        elif choice == 7:
            self.emit(indent, f"_ = [{self.read(self.name())} for q in _seq(T({self.site()}), "
                              f"{self.choose(3)})]")
            self.emit(indent, f"_ = [{self.read('q')} for q in _seq(T({self.site()}), 2)]")
            self.emit(indent, f"_ = list({self.read(self.name())} for q in _seq(T({self.site()}), 1))")
        elif choice == 8:
            function = "fg"[self.choose(2)]
            self.emit(indent, f"def {function}(_site={self.site()}):")
            if self.choose(2):
                declared = "global" if scope == "module" or not self.in_function else "nonlocal"
                if scope == "module":
                    declared = "global"
                self.emit(indent + 1, f"{declared} {name}")
            self.block(indent + 1, inner, 3, False, "function")
            if function not in self.functions:
                self.functions.append(function)
        else:
            self.emit(indent, f"match S({self.site()}):")
            cases = 1 + self.choose(3)
            for _ in range(cases):
                form = self.choose(3)
                if form == 0:
                    other = self.name()
                    if other == name:
                        pattern = f"S(k{self.site()}={name})"
                    else:
                        pattern = f"S(k{self.site()}={name}, k{self.site()}={other})"
                elif form == 1:
                    pattern = f"S(l{self.site()}=[*s])"
                else:
                    pattern = f"S(m{self.site()}={{**s}})"
                guard = " if _c()" if self.choose(2) else ""
                self.emit(indent + 1, f"case {pattern}{guard}:")
                self.block(indent + 2, inner, 2, loop, scope)
            if self.choose(2):
                # The subject's own site (the number in S(...)) is this capture's.
                self.emit(indent + 1, f"case {name}:")
                self.block(indent + 2, inner, 2, loop, scope)
            else:
                self.emit(indent + 1, "case _:")
                self.block(indent + 2, inner, 1, loop, scope)
