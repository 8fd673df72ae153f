"""A module cut into independent slices, for analysing an edited document in parts.

A *chunk* is one top-level statement with the lines up to the next one (statements sharing a
line are one chunk). Two chunks depend on each other when both bind or read one module-level
name; a *slice* is a set of chunks closed under that relation, plus the *shared* chunks every
slice sees: the imports whose names nothing else binds (every function reads `jnp`; an import
does not tie them together). Whatever the analysis knows of a name comes from the chunks that
bind and read it, so a slice analysed alone sees the same bindings, uses and code flow for
its names as the whole module does.

The names are over-approximated where it is cheap to be safe (class bodies do not hide names
from methods, a name read in a nested scope counts unless a function around it binds it):
more dependencies only make slices larger. A module that reaches names in ways this cannot
see (`globals()`, `exec`, a star import) or that stops its own execution at module level
(`raise`, `sys.exit()`) is not sliced (`unsliceable`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxerr_lsp.analysis.model import node_fields

# Names through which code reaches module variables without naming them.
DYNAMIC_NAMES = frozenset({"globals", "locals", "vars", "exec", "eval", "__import__", "exit",
                           "quit", "__builtins__"})


@dataclass
class Chunk:
    """One top-level statement (or several on one line) and the lines up to the next one."""

    first: int  # 1-based line where it starts (line 1 for the first chunk)
    last: int  # the line before the next chunk's first (the file's last line for the last one)
    statements: list[ast.stmt]
    text: str  # the text of lines first..last
    start: int = 0  # the first line of its first statement (its first decorator)
    end: int = 0  # the last line of its last statement
    code: str = ""  # the text of lines start..end: what the analysis of it depends on
    bound: frozenset[str] = frozenset()  # module-level names it binds
    used: frozenset[str] = frozenset()  # module-level names it reads (or binds)
    imports_only: bool = False  # only `import` statements
    dynamic: bool = False  # reaches names it does not name, or stops the module (see above)
    # The line its statements' positions say it starts at (it moved when they differ).
    parsed_at: int = 0

    def move_to(self, first: int) -> None:
        """Shift the chunk (and, lazily, its statements' positions) to start at `first`."""
        delta = first - self.first
        self.first += delta
        self.last += delta
        self.start += delta
        self.end += delta

    def statements_here(self) -> list[ast.stmt]:
        """Its statements, their positions brought to where the chunk is now."""
        delta = self.first - self.parsed_at
        if delta:
            for statement in self.statements:
                ast.increment_lineno(statement, delta)
            self.parsed_at = self.first
        return self.statements


def chunks_of(body: list[ast.stmt], lines: list[str], offset: int = 0,
              end: int | None = None) -> list[Chunk]:
    """The chunks of the top-level statements `body` (their lines already counted from
    `offset` + 1 in `lines`, the whole document's lines); the first chunk starts at line
    `offset` + 1, the last ends at line `end` (default: the last line)."""
    groups: list[list[ast.stmt]] = []
    group_end = 0
    for statement in body:
        start = _first_line(statement)
        if groups and start <= group_end:
            groups[-1].append(statement)
        else:
            groups.append([statement])
        group_end = max(group_end, statement.end_lineno or statement.lineno)
    last_line = len(lines) if end is None else end
    chunks = []
    for index, group in enumerate(groups):
        first = offset + 1 if index == 0 else _first_line(group[0])
        last = _first_line(groups[index + 1][0]) - 1 if index + 1 < len(groups) else last_line
        start = _first_line(group[0])
        end = max(s.end_lineno or s.lineno for s in group)
        chunk = Chunk(first, last, group, "\n".join(lines[first - 1:last]), start, end,
                      "\n".join(lines[start - 1:end]), parsed_at=first)
        describe(chunk)
        chunks.append(chunk)
    return chunks


def _first_line(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None) or []
    return min([statement.lineno, *(d.lineno for d in decorators)])


def describe(chunk: Chunk) -> None:
    """Fill the chunk's names and kind."""
    names = _ModuleNames()
    for statement in chunk.statements:
        names.statement(statement)
    chunk.bound = frozenset(names.bound)
    chunk.used = frozenset(names.used | names.bound
                           | {name + suffix for name in names.bound for suffix in CONVENTION_SUFFIXES})
    chunk.imports_only = all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in chunk.statements)
    chunk.dynamic = names.dynamic or bool(chunk.used & DYNAMIC_NAMES)


# A rule that looks names up by a convention: a def's `<name>_fwd` and `<name>_bwd` are the
# rules its registration would name (rules.custom_vjp.custom_vjp_without_defvjp's fix).
CONVENTION_SUFFIXES = ("_fwd", "_bwd")

# Calls whose effect reaches the whole module: a chunk that names one is in every slice, with
# everything it depends on. (`jax.disable_jit()` and the `jax_disable_jit` flag let jitted
# functions run as Python anywhere: analysis.tracing, families.axis_names, the static-argument
# rules; a mesh set anywhere binds axis names: families.axis_names.)
EFFECT_WORDS = ("disable_jit", "set_mesh", "use_mesh")


@dataclass
class Slices:
    """The slices of a module, each as its own chunks (`owns`: lists of chunk indexes, in
    order), and the shared chunks (`shared`): what every slice sees besides its own. The first
    slice is the shared chunks alone (its own are `shared`)."""

    owns: list[list[int]]
    shared: list[int]

    @property
    def slices(self) -> list[list[int]]:
        """Each slice's chunks, the shared ones included, in order."""
        return [self.shared] + [sorted([*own, *self.shared]) for own in self.owns[1:]]


def unsliceable(chunks: list[Chunk]) -> bool:
    return any(chunk.dynamic for chunk in chunks)


def slices_of(chunks: list[Chunk]) -> Slices:
    """Group the chunks: shared imports, and the others by the names they share; a group
    with a chunk that names an `EFFECT_WORDS` call is shared too."""
    bound_by: dict[str, list[int]] = {}
    for index, chunk in enumerate(chunks):
        for name in chunk.bound:
            bound_by.setdefault(name, []).append(index)
    # Names bound only by imports: their readers do not depend on each other.
    imported = {name for name, where in bound_by.items() if all(chunks[i].imports_only for i in where)}
    imports = {i for i, chunk in enumerate(chunks) if chunk.imports_only and chunk.bound <= imported}
    # A name an import binds beside a name something else binds (`def config` ... `from jax
    # import config, random`): that import is no shared chunk, so the readers of its other
    # names (`random`) are tied to it like any reader.
    imported = {name for name in imported if all(i in imports for i in bound_by[name])}
    parent = list(range(len(chunks)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_holder: dict[str, int] = {}
    for index, chunk in enumerate(chunks):
        if index in imports:
            continue
        for name in chunk.used:
            if name in imported or name not in bound_by:
                continue  # an import's name, or a builtin / a name nothing here binds
            other = first_holder.setdefault(name, index)
            if other != index:
                a, b = find(other), find(index)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    members: dict[int, list[int]] = {}
    for index in range(len(chunks)):
        if index not in imports:
            members.setdefault(find(index), []).append(index)
    shared = set(imports)
    for own in members.values():
        if any(word in chunks[i].text for i in own for word in EFFECT_WORDS):
            shared.update(own)
    ordered = sorted(shared)
    owns = [ordered]
    for own in members.values():
        if own[0] not in shared:
            owns.append(own)
    return Slices(owns, ordered)


class _Scope:
    """A scope met in the walk: what it reads, binds and changes (see `_ModuleNames`)."""

    __slots__ = ("kind", "parent", "reads", "binds", "changes", "declared_global")

    def __init__(self, kind: str, parent: _Scope | None) -> None:
        self.kind = kind  # "module", "function", "comprehension", "class"
        self.parent = parent
        self.reads: set[str] = set()
        self.binds: set[str] = set()
        self.changes: set[str] = set()  # names of objects changed in place (`x.a = 1`)
        self.declared_global: set[str] = set()


class _ModuleNames:
    """The module-level names a top-level statement binds and reads (see the module doc), in
    one walk: each scope notes what it reads and binds; at the end, what a function or a
    comprehension reads and does not bind is read by the scope around it. A class body
    binds nothing for anyone (its reads count where it is), so it hides nothing: safe."""

    def __init__(self) -> None:
        self.module = _Scope("module", None)
        self.scopes: list[_Scope] = []
        self.dynamic = False

    @property
    def bound(self) -> set[str]:
        return self.module.binds

    @property
    def used(self) -> set[str]:
        return self.module.reads

    def statement(self, node: ast.stmt) -> None:
        # Module code that stops there: what follows is unreachable.
        if _stops([node]):
            self.dynamic = True
        self._walk(node)
        for scope in reversed(self.scopes):  # inner scopes first
            outer = _reading(scope.parent)
            local = scope.binds - scope.declared_global
            outer.reads.update(scope.reads - local)
            outer.changes.update(scope.changes - local)
        self.scopes.clear()
        self.module.binds.update(self.module.changes)

    def _walk(self, root: ast.AST) -> None:
        module = self.module
        stack: list[tuple[ast.AST, _Scope]] = [(root, module)]
        pop = stack.pop  # (the order does not matter: sets are filled)
        while stack:
            node, scope = pop()
            kind = type(node)
            if kind is ast.Name:
                if type(node.ctx) is ast.Load:  # type: ignore[attr-defined]
                    _reading(scope).reads.add(node.id)  # type: ignore[attr-defined]
                else:
                    _binding(scope).binds.add(node.id)  # type: ignore[attr-defined]
                continue
            special = _SPECIAL.get(kind)
            if special is not None:
                stack += special(self, node, scope)
                continue
            stack += _children(node, scope)

    def _open(self, kind: str, parent: _Scope) -> _Scope:
        scope = _Scope(kind, parent)
        self.scopes.append(scope)
        return scope

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                  scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        args = node.args
        out: list[tuple[ast.AST, _Scope]] = [(d, scope) for d in _defaults(args)]
        inner = self._open("function", scope)
        inner.binds.update(a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                                           *(x for x in (args.vararg, args.kwarg) if x is not None)))
        if isinstance(node, ast.Lambda):
            out.append((node.body, inner))
            return out
        _binding(scope).binds.add(node.name)
        out += [(d, scope) for d in (*node.decorator_list, *_annotations(args),
                                     *getattr(node, "type_params", ()))]
        if node.returns is not None:
            out.append((node.returns, scope))
        out += [(statement, inner) for statement in node.body]
        return out

    def _class(self, node: ast.ClassDef, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        _binding(scope).binds.add(node.name)
        inner = self._open("class", scope)
        return [*((d, scope) for d in (*node.decorator_list, *node.bases, *node.keywords,
                                       *getattr(node, "type_params", ()))),
                *((statement, inner) for statement in node.body)]

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
                       scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        inner = self._open("comprehension", scope)
        inner.binds.update(n.id for g in node.generators for n in ast.walk(g.target)
                           if isinstance(n, ast.Name))
        out: list[tuple[ast.AST, _Scope]] = [(node.generators[0].iter, scope)]
        for generator in node.generators:
            if generator is not node.generators[0]:
                out.append((generator.iter, inner))
            out += [(test, inner) for test in generator.ifs]
            out += [(n, inner) for n in ast.walk(generator.target)
                    if not isinstance(n, ast.Name) and isinstance(n, (ast.Attribute, ast.Subscript))]
        out += [(part, inner) for part in ((node.key, node.value) if isinstance(node, ast.DictComp)
                                           else (node.elt,))]
        return out

    def _named_expr(self, node: ast.NamedExpr, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        # The target is bound in the function (or module) around any comprehension.
        target = scope
        while target.kind == "comprehension" and target.parent is not None:
            target = target.parent
        _binding(target).binds.add(node.target.id)
        return [(node.value, scope)]

    def _imports(self, node: ast.Import | ast.ImportFrom, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        for alias in node.names:
            if alias.name == "*":
                self.dynamic = True
            else:
                _binding(scope).binds.add(alias.asname or alias.name.split(".")[0])
        return []

    def _global(self, node: ast.Global | ast.Nonlocal, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        if isinstance(node, ast.Global):
            scope.declared_global.update(node.names)
            self.module.binds.update(node.names)
            self.module.reads.update(node.names)
        else:
            scope.binds.update(node.names)  # an enclosing function's: never the module's
        return []

    def _named_pattern(self, node: ast.AST, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        name = getattr(node, "rest" if isinstance(node, ast.MatchMapping) else "name", None)
        if name:
            _binding(scope).binds.add(name)
        return [(child, scope) for child in ast.iter_child_nodes(node)]

    def _return(self, node: ast.Return | ast.Yield | ast.YieldFrom | ast.Await,
                scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        if _reading(scope).kind == "module":
            self.dynamic = True  # outside any function: Python would not even compile it
        return _children(node, scope)

    def _changed(self, node: ast.Attribute | ast.Subscript | ast.Call,
                 scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
        # `jax.tree_map = f`, `setattr(obj, ...)`: the object named there is changed (an
        # imported module too: its readers now depend on this).
        stored = not isinstance(node, ast.Call) and not isinstance(node.ctx, ast.Load)  # type: ignore[union-attr]
        if isinstance(node, ast.Call):
            function = node.func
            stored = isinstance(function, ast.Name) and function.id in ("setattr", "delattr") \
                and bool(node.args)
        if stored and isinstance(node, ast.Attribute | ast.Call):
            root = node.value if isinstance(node, ast.Attribute) else node.args[0]
            while isinstance(root, (ast.Attribute, ast.Subscript)):
                root = root.value
            if isinstance(root, ast.Name):
                _reading(scope).changes.add(root.id)
        return _children(node, scope)


def _stops(statements: list[ast.stmt]) -> bool:
    """Whether running these statements in order certainly stops there: a `raise` (a
    `return`, which `ast` lets by outside a function) in them, in a class body or a `with`
    block among them, or a `while True:`."""
    for statement in statements:
        if isinstance(statement, (ast.Raise, ast.Return)):
            return True
        if isinstance(statement, ast.While) and isinstance(statement.test, ast.Constant) \
                and statement.test.value:
            return True
        if isinstance(statement, (ast.ClassDef, ast.With, ast.AsyncWith)) and _stops(statement.body):
            return True
    return False


def _reading(scope: _Scope | None) -> _Scope:
    """Where a read in `scope` counts: a class body's reads count around it."""
    while scope is not None and scope.kind == "class":
        scope = scope.parent
    assert scope is not None
    return scope


def _binding(scope: _Scope) -> _Scope:
    """Where a binding in `scope` counts: a class body's binds nothing for anyone (a fresh
    scope nobody reads)."""
    return _Scope("class", None) if scope.kind == "class" else scope


def _children(node: ast.AST, scope: _Scope) -> list[tuple[ast.AST, _Scope]]:
    out = []
    for name, _ in node_fields(type(node)):
        value = getattr(node, name, None)
        if type(value) is list:
            out += [(item, scope) for item in value
                    if isinstance(item, ast.AST) and type(item) is not ast.Constant]
        elif isinstance(value, ast.AST) and type(value) is not ast.Constant:
            out.append((value, scope))
    return out


_Visit = Callable[[_ModuleNames, Any, _Scope], list[tuple[ast.AST, _Scope]]]
_SPECIAL: dict[type, _Visit] = {
    ast.FunctionDef: _ModuleNames._function, ast.AsyncFunctionDef: _ModuleNames._function,
    ast.Lambda: _ModuleNames._function, ast.ClassDef: _ModuleNames._class,
    ast.ListComp: _ModuleNames._comprehension, ast.SetComp: _ModuleNames._comprehension,
    ast.GeneratorExp: _ModuleNames._comprehension, ast.DictComp: _ModuleNames._comprehension,
    ast.NamedExpr: _ModuleNames._named_expr, ast.Import: _ModuleNames._imports,
    ast.ImportFrom: _ModuleNames._imports, ast.Global: _ModuleNames._global,
    ast.Nonlocal: _ModuleNames._global, ast.MatchAs: _ModuleNames._named_pattern,
    ast.MatchStar: _ModuleNames._named_pattern, ast.MatchMapping: _ModuleNames._named_pattern,
    ast.ExceptHandler: _ModuleNames._named_pattern, ast.Attribute: _ModuleNames._changed,
    ast.Call: _ModuleNames._changed, ast.Return: _ModuleNames._return,
    ast.Yield: _ModuleNames._return, ast.YieldFrom: _ModuleNames._return,
}


def _defaults(args: ast.arguments) -> list[ast.expr]:
    return [*args.defaults, *(d for d in args.kw_defaults if d is not None)]


def _annotations(args: ast.arguments) -> list[ast.expr]:
    every = (*args.posonlyargs, *args.args, *args.kwonlyargs,
             *(x for x in (args.vararg, args.kwarg) if x is not None))
    return [a.annotation for a in every if a.annotation is not None]


__all__ = ["CONVENTION_SUFFIXES", "EFFECT_WORDS", "Chunk", "Slices", "chunks_of", "describe", "slices_of", "unsliceable"]
