"""The module model: one walk over the tree gives scopes, bindings, imports and name uses.

Shaped after pyflakes' checker: a scope stack and, per scope, every binding of every name.
The model answers these questions for the rules, conservatively (None means "unknown"):
- `qualname(expr)`: the dotted path of a module attribute an expression names
  (`J.vjp` -> "jax.vjp" after `import jax as J`);
- `reaching(name_node)`: the bindings that can reach a use, by code flow
  (`jaxerr_lsp.analysis.flow`: branches, loops and their back-edges, try, del; a notebook is
  its cells in order); `binding_of(name_node)`: the one binding the use certainly reads;
- `uses_of(binding)`: the uses that may read a binding; `is_mutated(binding)`: whether the
  bound container may be changed after it is built;
- `members`: the function a name or attribute denotes, bound methods included, and the
  attributes stored on instances (`jaxerr_lsp.analysis.members`).

The walk is iterative (no recursion), so deeply nested code cannot overflow Python's stack.
"""

from __future__ import annotations

import ast
import functools
import json
import operator
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Collection, Iterator, NamedTuple, TypeVar

from jaxerr_lsp.analysis.flow import Flow, Reaching

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.members import Members

# Binding kinds
ASSIGN = "assign"  # name = value
UNPACK = "unpack"  # a, name = value  (index gives the position)
IMPORT = "import"  # import/from-import; qualname holds the dotted path
DEF = "def"  # def / async def
CLASS = "class"
AUGMENTED = "augmented"  # name op= value (value: the right-hand side; operator: the op)
OTHER = "other"  # parameters, loop targets, with/except targets, del, ...

BRANCH_NODES = (ast.If, ast.Try, ast.TryStar, ast.Match, ast.IfExp)
# Steps between a node and the code around it (a def, a loop) that may skip the node or run it
# apart: branches, loops, `try`, `with` (its manager may swallow), `and`/`or`, comprehensions and
# nested scopes.
MAY_SKIP = (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.TryStar, ast.Match,
            ast.BoolOp, ast.comprehension, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
            ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.With, ast.AsyncWith)

# How many factories deep `calls_of_result` follows a returned function (`make()()(x)`).
_MAX_FACTORY_DEPTH = 3
# Methods that read a dict, list or set without changing it.
READ_ONLY_METHODS = frozenset({"keys", "values", "items", "get", "copy", "count", "index"})
# Transformations whose functions get rebuilt copies of the containers passed in (the pytrees
# are flattened and unflattened): calling what they return never changes the caller's dict.
COPYING_TRANSFORMS = frozenset({"jax.jit", "jax.vmap", "jax.pmap", "jax.grad", "jax.value_and_grad",
                                "jax.jacfwd", "jax.jacrev", "jax.hessian", "jax.checkpoint",
                                "jax.remat"})


@dataclass(eq=False, slots=True)
class Scope:
    kind: str  # "module" | "function" | "lambda" | "class" | "comprehension"
    node: ast.AST
    parent: Scope | None
    branch: tuple[tuple[int, int], ...]  # where the scope's definition sits in its parent
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    global_names: set[str] = field(default_factory=set)
    nonlocal_names: set[str] = field(default_factory=set)
    star_import: bool = False


@dataclass(eq=False, slots=True)
class Binding:
    name: str
    kind: str
    node: ast.AST  # the statement, def, alias or target that binds
    scope: Scope
    branch: tuple[tuple[int, int], ...]
    value: ast.expr | None = None  # ASSIGN/UNPACK: the right-hand side
    index: tuple[int, ...] = ()  # UNPACK: position of the name in the target
    arity: tuple[int, ...] = ()  # UNPACK: length of each unpacked level
    qualname: str | None = None  # IMPORT: what the name stands for
    operator: ast.operator | None = None  # AUGMENTED: the operator of `name op= value`
    line: int = 0
    # Where the binding statement ends (line, UTF-8 column): the name is bound from there on.
    end: tuple[int, int] = (0, 0)
    # A loop's target name (`for x in xs`, a comprehension's `for x in xs`): what it iterates.
    iterated: ast.expr | None = None


@dataclass(frozen=True)
class LoopUnpacking:
    """A name bound by a loop's tuple target: the loop's iterable, and the name's place in
    each element (`index`, `arity`: as an unpacking assignment's)."""

    iterated: ast.expr
    index: tuple[int, ...]
    arity: tuple[int, ...]


def display_entry(display: ast.Dict, key: object) -> ast.expr | None:
    """The expression a dict display gives the constant `key` (of the same type: `1` is not
    `True`), the last of equal keys (Python's rule); None when it has none, or when a key is
    not a constant (a `**` entry, a computed key: it may be any)."""
    entry: ast.expr | None = None
    for k, v in zip(display.keys, display.values):
        if type(k) is not ast.Constant:
            return None
        if k.value == key and type(k.value) is type(key):
            entry = v
    return entry


def _place_names(target: ast.Tuple | ast.List, iterated: ast.expr, index: tuple[int, ...],
                 arity: tuple[int, ...], found: dict[int, LoopUnpacking]) -> None:
    """Each name of a loop's tuple target (nested tuples too), with its place; a target with
    a starred element places none of its names (their places depend on the length)."""
    if any(type(e) is ast.Starred for e in target.elts):
        return
    for position, element in enumerate(target.elts):
        place, size = (*index, position), (*arity, len(target.elts))
        if type(element) is ast.Name:
            found[id(element)] = LoopUnpacking(iterated, place, size)
        elif type(element) in (ast.Tuple, ast.List):
            _place_names(element, iterated, place, size, found)  # type: ignore[arg-type]


@dataclass(frozen=True, eq=False)
class CallSite:
    """A call that runs the function `qualname`: `jax.jit(f)`, `jit(f)`, `J.jit(f)`, or through
    `functools.partial(jax.jit, ...)` (called here, or not: then `complete` is False and the
    arguments are only the partial's)."""

    call: ast.Call  # the call expression that runs the target (or the partial(...) call)
    qualname: str
    args: tuple[ast.expr, ...]  # positional arguments the target receives, in order
    keywords: tuple[ast.keyword, ...]
    partial: ast.Call | None = None  # the functools.partial(...) call, when there is one
    complete: bool = True  # False: a partial not called here; more arguments may come


@dataclass(frozen=True, eq=False)
class Decoration:
    """`@jax.jit` or `@functools.partial(jax.jit, ...)` on a def or class."""

    target: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    decorator: ast.expr
    qualname: str
    position: int  # 0 for the outermost (first written) decorator
    keywords: tuple[ast.keyword, ...]  # options given to the decorator (partial's included)


@dataclass(frozen=True, eq=False)
class Returns:
    """What a def's own body shows of how it ends (`ModuleModel.returns_of`)."""

    returns: tuple[ast.Return, ...]  # its `return` statements, in source order
    suspends: bool  # it yields or awaits: a call does not run the body to a return
    raises: bool  # it holds a `raise` or an `assert`


class Use(NamedTuple):
    """A name read: the Name node, its parent, the scope and branch it is read in. (A tuple:
    the walk makes one per name read, with `tuple.__new__`, the cheapest object Python makes.)"""

    node: ast.Name
    parent: ast.AST | None
    scope: Scope
    branch: tuple[tuple[int, int], ...]


class ModuleModel:
    def __init__(self, tree: ast.Module, package: str | None = None) -> None:
        self.tree = tree
        # The dotted name of the package the module is in ("" for a top-level module), when
        # the caller knows it (a project's module): relative imports then have qualnames.
        self.package = package
        self.module_scope = Scope("module", tree, None, ())
        self.uses: dict[str, list[Use]] = {}
        self.use_of: dict[int, Use] = {}  # id(Name node) -> its use
        self.scope_of_node: dict[int, Scope] = {}  # id(def/lambda node) -> the scope it opens
        self.parent: dict[int, ast.AST] = {}  # id(node) -> parent, for Call/Attribute/Name/Return
        self.attribute_calls: dict[str, list[ast.Call]] = {}  # "with_refs" -> calls x.with_refs(...)
        self.name_calls: dict[str, list[ast.Call]] = {}  # "jit" -> calls jit(...); "()" -> g(...)(...)
        self.subscript_stores: list[ast.Subscript] = []  # every x[i] assigned to, in source order
        self.imports: list[Binding] = []
        self.functions: list[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda] = []
        self.classes: list[ast.ClassDef] = []
        self.call_scope: dict[int, Scope] = {}
        # id(the node that binds) -> its binding: the nodes the code-flow binder names
        # (a target Name, an alias, a def, an arg...), and the statements the model files
        # some bindings under (an annotated assignment, a walrus, a starred target).
        self.binding_at: dict[int, Binding] = {}
        # Answers of `reaching` and `binding_of` per Name node (id -> (node, answer)): rules
        # and the inference ask of the same names again and again.
        self._reaching: dict[int, tuple[ast.Name, list[Binding] | None]] = {}
        # id(binding) -> (binding, its uses that may change its container or let it escape)
        self._changers: dict[int, tuple[Binding, list[Use]]] = {}
        self._reading_defs: set[int] = set()  # calls `_read_by_def` is looking into (cycles)
        self._binding_of: dict[int, tuple[ast.Name, Binding | None]] = {}
        # `_run_window`'s answers, per module-level def.
        self._windows: dict[int, tuple[ast.AST, tuple[int, int] | None]] = {}
        self._windows_busy: set[int] = set()
        # Answers of `calls_to` and `call_site`, which many rules ask again (the model does not
        # change after the walk).
        self._calls_to: dict[str, list[CallSite]] = {}
        self._call_sites: dict[int, tuple[ast.Call, CallSite | None]] = {}
        self._qualnames: dict[int, tuple[ast.expr, str | None]] = {}
        self.branch_nodes: dict[int, ast.AST] = {}  # id(if/try/match/ifexp) -> it (Use.branch keys)
        self._contents: dict[int, tuple[ast.AST, list[ast.AST]]] = {}  # `nodes_in`'s walks
        # Every node of the tree but contexts, operators and (most) constants, each before the nodes
        # it holds: what the walk visits, and the nodes between that it steps over (a def's
        # parameters, a comprehension's `for`, an assignment's targets...). `nodes_in` and
        # `path_to` of the whole module read it instead of walking the tree again.
        # Each as (node, the node it was handed to the walk under, ...: the walk's item); where
        # that is not its parent in the tree (a default value is handed under its def, not
        # under the `arguments`), the parent is in `_fixed_parents`.
        self._walked: list[Any] = []
        self._fixed_parents: dict[int, ast.AST] = {}
        self._tree_parents: dict[int, ast.AST] | None = None  # `path_to`'s fallback
        # `nodes_in`'s answers, by (id(node), kind): rules ask the same of the same nodes.
        self._of_kind: dict[tuple[int, Any], tuple[ast.AST, list[ast.AST]]] = {}
        # The positions in `_walked` of the nodes of each type, built by the first `nodes_in`
        # of the whole module: each kind asked of it then picks its types, not every node.
        self._walked_by_type: dict[type, list[int]] | None = None
        self._returns: dict[int, tuple[ast.AST, Returns]] = {}  # `returns_of`'s walks
        self._stores: dict[int, tuple[ast.AST, list[tuple[ast.expr, ast.AST]]]] = {}  # `stores_in`'s
        self._aliasing: set[int] = set()  # the bindings `_alias_of` is following
        # Parameters that hold a module on every call (`_module_parameter`), by binding.
        self._module_parameters: dict[int, tuple[Binding, str | None]] = {}
        # Where each name of a loop's tuple target sits (`loop_unpacking`), by id(name),
        # found once for the whole file.
        self._loop_unpacking: dict[int, LoopUnpacking] | None = None
        # What every call gives a parameter (`parameter_arguments`), by (def, name).
        self._parameter_arguments: dict[tuple[int, str], tuple[ast.AST, list[ast.expr | None] | None]] = {}
        self._parents: dict[int, tuple[ast.AST, dict[int, ast.AST]]] = {}  # `path_to`'s walks
        # The scopes holding a `global`, `nonlocal` or walrus: their code may bind names of
        # other scopes (the code-flow binder walks their frames first).
        self._binds_elsewhere: list[Scope] = []
        self._returned_depth = 0  # factories `_calls_of_returned` is following
        self._walk()

    # ----------------------------------------------------------------------------- the walk
    def _walk(self) -> None:
        # Each stack item: (node, parent, scope, branch). Children are pushed in reverse so
        # they are visited in source order, which keeps binding lists in source order.
        stack: list[tuple[ast.AST, ast.AST | None, Scope, tuple[tuple[int, int], ...]]] = [
            (self.tree, None, self.module_scope, ())]
        pop, push = stack.pop, stack.append
        uses, use_of, parents = self.uses, self.use_of, self.parent
        walked, fixed = self._walked, self._fixed_parents
        note = walked.append
        fields_of = _FIELDS
        new_tuple = tuple.__new__
        special, recorded = _SPECIAL, _RECORDED
        Name, Load, Call, Attribute, Subscript, Store = (ast.Name, ast.Load, ast.Call, ast.Attribute,
                                                         ast.Subscript, ast.Store)
        call_scope, attribute_calls, name_calls = self.call_scope, self.attribute_calls, self.name_calls
        while stack:
            item = pop()
            note(item)
            node, parent, scope, branch = item
            kind = type(node)
            if kind in special:
                children = self._visit(node, parent, scope, branch)
                _note_skipped(node, children, walked, fixed)
                stack.extend(reversed(children))
                continue
            # The common case, kept inline and cheap: a Name, or a node whose children are
            # visited in the same scope.
            if kind is Name:
                if type(node.ctx) is Load:  # type: ignore[attr-defined]
                    use = new_tuple(Use, item)  # (the item is (node, parent, scope, branch))
                    named = uses.get(node.id)  # type: ignore[attr-defined]
                    if named is None:
                        uses[node.id] = [use]  # type: ignore[attr-defined]
                    else:
                        named.append(use)
                    use_of[id(node)] = use
                else:
                    self._bind_target_name(node, scope, branch, parent)  # type: ignore[arg-type]
                continue
            if kind in recorded and parent is not None:
                parents[id(node)] = parent
                if kind is Call:
                    call_scope[id(node)] = scope
                    function = node.func  # type: ignore[attr-defined]
                    if type(function) is Attribute:
                        attribute_calls.setdefault(function.attr, []).append(node)  # type: ignore[arg-type]
                    elif type(function) is Name:
                        name_calls.setdefault(function.id, []).append(node)  # type: ignore[arg-type]
                    elif type(function) is Call:  # partial(f, ...)(x): filed under "()"
                        name_calls.setdefault("()", []).append(node)  # type: ignore[arg-type]
                elif kind is Subscript and type(node.ctx) is Store:  # type: ignore[attr-defined]
                    self.subscript_stores.append(node)  # type: ignore[arg-type]
            fields = fields_of.get(kind)
            if fields is None:
                fields = fields_of[kind] = _child_fields(kind)
            # Pushed last field first, last item first: popped in source order. Constants
            # have nothing to visit and are not pushed.
            for name in fields:
                value = getattr(node, name, None)
                if type(value) is list:
                    for item in reversed(value):  # nodes, or None (a dict display's **spread)
                        if item is not None and type(item) is not Constant:
                            push((item, node, scope, branch))
                elif type(value) is not Constant and isinstance(value, AST):
                    push((value, node, scope, branch))

    def _visit(self, node: ast.AST, parent: ast.AST | None, scope: Scope,
               branch: tuple[tuple[int, int], ...]) -> list:
        """The children of a node of a type in _SPECIAL, each as (child, node, scope, branch),
        in the order they are to be visited; bindings the node makes are added first."""
        return _VISITORS[type(node)](self, node, scope, branch)

    # Only the node types in _SPECIAL come to these; `_walk` handles the rest inline.
    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                        scope: Scope, branch: tuple[tuple[int, int], ...]) -> list:
        self.functions.append(node)
        out: list = []
        args = node.args
        is_lambda = type(node) is ast.Lambda
        if not is_lambda:
            self._add(scope, Binding(node.name, DEF, node, scope, branch, line=node.lineno))  # type: ignore[union-attr]
            out += [(child, node, scope, branch) for child in node.decorator_list]  # type: ignore[union-attr]
        out += [(child, node, scope, branch) for child in self._argument_defaults(args)]
        if not is_lambda:
            out += [(child, node, scope, branch) for child in getattr(node, "type_params", ())]
            if node.returns is not None:  # type: ignore[union-attr]
                out.append((node.returns, node, scope, branch))  # type: ignore[union-attr]
            out += [(child, node, scope, branch) for child in self._argument_annotations(args)]
        inner = self._open(node, "lambda" if is_lambda else "function", scope, branch)
        self._bind_parameters(args, inner)
        if is_lambda:
            out.append((node.body, node, inner, ()))
        else:
            out += [(child, node, inner, ()) for child in node.body]  # type: ignore[union-attr]
        return out

    def _visit_class(self, node: ast.ClassDef, scope: Scope,
                     branch: tuple[tuple[int, int], ...]) -> list:
        self.classes.append(node)
        self._add(scope, Binding(node.name, CLASS, node, scope, branch, line=node.lineno))
        out = [(child, node, scope, branch)
               for child in (*node.decorator_list, *node.bases, *node.keywords)]
        inner = self._open(node, "class", scope, branch)
        out += [(child, node, inner, ()) for child in node.body]
        return out

    def _visit_comprehension(self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
                             scope: Scope, branch: tuple[tuple[int, int], ...]) -> list:
        # The first iterable is evaluated in the enclosing scope; the rest inside.
        inner = self._open(node, "comprehension", scope, branch)
        out: list = []
        for position, generator in enumerate(node.generators):
            if position == 0:
                out.append((generator.iter, node, scope, branch))
            else:
                out.append((generator.iter, node, inner, ()))
            out.append((generator.target, node, inner, ()))
            out += [(child, node, inner, ()) for child in generator.ifs]
        if type(node) is ast.DictComp:
            out.append((node.key, node, inner, ()))
            out.append((node.value, node, inner, ()))
        else:
            out.append((node.elt, node, inner, ()))  # type: ignore[union-attr]
        return out

    def _visit_import(self, node: ast.Import, scope: Scope,
                      branch: tuple[tuple[int, int], ...]) -> list:
        for alias in node.names:
            if alias.asname:
                self._add_import(scope, Binding(alias.asname, IMPORT, alias, scope, branch,
                                                qualname=alias.name, line=node.lineno))
            else:
                top = alias.name.split(".")[0]
                self._add_import(scope, Binding(top, IMPORT, alias, scope, branch, qualname=top,
                                                line=node.lineno))
        return []

    def _visit_import_from(self, node: ast.ImportFrom, scope: Scope,
                           branch: tuple[tuple[int, int], ...]) -> list:
        module = node.module or ""
        for alias in node.names:
            if alias.name == "*":
                scope.star_import = True
                continue
            qualname = f"{module}.{alias.name}" if module and not node.level else None
            if node.level and self.package is not None:
                package = self.package.split(".") if self.package else []
                up = node.level - 1  # `from .. import x`: one package up
                base = package[:len(package) - up]
                if up <= len(package) and (base or module):
                    qualname = ".".join([*base, *([module] if module else []), alias.name])
            self._add_import(scope, Binding(alias.asname or alias.name, IMPORT, alias, scope,
                                            branch, qualname=qualname, line=node.lineno))
        return []

    def _visit_named_pattern(self, node: ast.MatchAs | ast.MatchStar | ast.MatchMapping | ast.ExceptHandler,
                             scope: Scope, branch: tuple[tuple[int, int], ...]) -> list:
        name = node.rest if type(node) is ast.MatchMapping else node.name  # type: ignore[union-attr]
        if name:
            self._add(scope, Binding(name, OTHER, node, scope, branch, line=node.lineno))
        return [(child, node, scope, branch) for child in ast.iter_child_nodes(node)]

    def _visit_global(self, node: ast.Global, scope: Scope,
                      branch: tuple[tuple[int, int], ...]) -> list:
        self._binds_elsewhere.append(scope)
        scope.global_names.update(node.names)
        return []

    def _visit_nonlocal(self, node: ast.Nonlocal, scope: Scope,
                        branch: tuple[tuple[int, int], ...]) -> list:
        self._binds_elsewhere.append(scope)
        scope.nonlocal_names.update(node.names)
        return []

    def _visit_assign(self, node: ast.Assign, scope: Scope,
                      branch: tuple[tuple[int, int], ...]) -> list:
        out = [(node.value, node, scope, branch)]
        for target in node.targets:
            self._bind_assignment(target, node, node.value, scope, branch)
            if type(target) is not ast.Name:
                out += [(child, node, scope, branch) for child in _non_name_targets(target)]
        return out

    def _visit_ann_assign(self, node: ast.AnnAssign, scope: Scope,
                          branch: tuple[tuple[int, int], ...]) -> list:
        out = [(node.annotation, node, scope, branch)]
        if node.value is not None:
            out.append((node.value, node, scope, branch))
        if isinstance(node.target, ast.Name):
            if node.value is not None:
                self._add(scope, Binding(node.target.id, ASSIGN, node, scope, branch,
                                         value=node.value, line=node.lineno))
        else:
            out.append((node.target, node, scope, branch))
        return out

    def _visit_named_expr(self, node: ast.NamedExpr, scope: Scope,
                          branch: tuple[tuple[int, int], ...]) -> list:
        self._binds_elsewhere.append(scope)
        target_scope = scope
        while target_scope.kind == "comprehension" and target_scope.parent is not None:
            target_scope = target_scope.parent
        self._add(target_scope, Binding(node.target.id, ASSIGN, node, target_scope, branch,
                                        value=node.value, line=node.lineno))
        return [(node.value, node, scope, branch)]

    def _visit_branches(self, node: ast.If | ast.IfExp | ast.Try | ast.TryStar | ast.Match,
                        scope: Scope, branch: tuple[tuple[int, int], ...]) -> list:
        key = id(node)
        self.branch_nodes[key] = node
        out: list = []
        bodies: list  # of statement lists (or one expression, for an IfExp)
        kind = type(node)
        if kind is ast.If or kind is ast.IfExp:
            out.append((node.test, node, scope, branch))  # type: ignore[union-attr]
            bodies = [node.body, node.orelse]  # type: ignore[union-attr]
        elif kind is ast.Match:
            out.append((node.subject, node, scope, branch))  # type: ignore[union-attr]
            bodies = [[case] for case in node.cases]  # type: ignore[union-attr]
        else:  # try: body, each handler, else, finally
            bodies = [node.body, *[[h] for h in node.handlers], node.orelse,  # type: ignore[union-attr]
                      node.finalbody]  # type: ignore[union-attr]
        for number, body in enumerate(bodies):
            inner = branch + ((key, number),)
            if type(body) is list:
                out += [(child, node, scope, inner) for child in body]
            else:
                out.append((body, node, scope, inner))
        return out

    # ----------------------------------------------------------------------------- binding helpers
    @staticmethod
    def _argument_defaults(args: ast.arguments) -> list:
        return [d for d in (*args.defaults, *args.kw_defaults) if d is not None]

    @staticmethod
    def _argument_annotations(args: ast.arguments) -> list:
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        return [a.annotation for a in every if a is not None and a.annotation is not None]

    def _open(self, node: ast.AST, kind: str, parent: Scope,
              branch: tuple[tuple[int, int], ...]) -> Scope:
        scope = Scope(kind, node, parent, branch)
        self.scope_of_node[id(node)] = scope
        return scope

    def _bind_parameters(self, args: ast.arguments, scope: Scope) -> None:
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        for arg in every:
            if arg is not None:
                self._add(scope, Binding(arg.arg, OTHER, arg, scope, (), line=arg.lineno))

    def _target_scope(self, name: str, scope: Scope) -> Scope:
        if name in scope.global_names:
            return self.module_scope
        if name in scope.nonlocal_names:
            outer = scope.parent
            while outer is not None:
                if outer.kind in ("function", "lambda") and name in outer.bindings:
                    return outer
                outer = outer.parent
        return scope

    def _add(self, scope: Scope, binding: Binding) -> None:
        if binding.end == (0, 0):
            node = binding.node
            binding.end = (getattr(node, "end_lineno", None) or binding.line,
                           getattr(node, "end_col_offset", None) or 0)
        name = binding.name
        target = self._target_scope(name, scope) if scope.global_names or scope.nonlocal_names \
            else scope
        binding.scope = target
        named = target.bindings.get(name)
        if named is None:
            target.bindings[name] = [binding]
        else:
            named.append(binding)
        node = binding.node
        self.binding_at[id(node)] = binding
        kind = type(node)
        inner: Any = None
        if kind is ast.AnnAssign or kind is ast.NamedExpr:
            inner = node.target  # type: ignore[attr-defined]
        elif kind is ast.Starred:
            inner = node.value  # type: ignore[attr-defined]
        if type(inner) is ast.Name:
            self.binding_at[id(inner)] = binding

    def _add_import(self, scope: Scope, binding: Binding) -> None:
        self.imports.append(binding)
        self._add(scope, binding)

    def _bind_assignment(self, target: ast.expr, statement: ast.AST, value: ast.expr,
                         scope: Scope, branch: tuple[tuple[int, int], ...]) -> None:
        if isinstance(target, ast.Name):
            self._add(scope, Binding(target.id, ASSIGN, target, scope, branch, value=value,
                                     line=target.lineno, end=_end(statement)))
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            starred = any(isinstance(e, ast.Starred) for e in target.elts)
            self._bind_unpacked(target, value, scope, branch, (), (), starred, _end(statement))

    def _bind_unpacked(self, target: ast.Tuple | ast.List, value: ast.expr, scope: Scope,
                       branch: tuple[tuple[int, int], ...], index: tuple[int, ...],
                       arity: tuple[int, ...], starred: bool, end: tuple[int, int]) -> None:
        for position, element in enumerate(target.elts):
            if isinstance(element, ast.Name):
                kind = OTHER if starred else UNPACK
                self._add(scope, Binding(element.id, kind, element, scope, branch, value=value,
                                         index=index + (position,),
                                         arity=arity + (len(target.elts),), line=element.lineno,
                                         end=end))
            elif isinstance(element, (ast.Tuple, ast.List)):
                inner_starred = starred or any(isinstance(e, ast.Starred) for e in element.elts)
                self._bind_unpacked(element, value, scope, branch, index + (position,),
                                    arity + (len(target.elts),), inner_starred, end)
            elif isinstance(element, ast.Starred) and isinstance(element.value, ast.Name):
                self._add(scope, Binding(element.value.id, OTHER, element, scope, branch,
                                         line=element.lineno))

    def _bind_target_name(self, node: ast.Name, scope: Scope, branch: tuple[tuple[int, int], ...],
                          parent: ast.AST | None) -> None:
        """A Name stored or deleted by anything but a plain assignment (loops, with, del...):
        a binding whose value the engine does not follow; `name op= value`: AUGMENTED."""
        if type(parent) is ast.AugAssign and parent.target is node:  # type: ignore[union-attr]
            self._add(scope, Binding(node.id, AUGMENTED, node, scope, branch,
                                     value=parent.value, operator=parent.op,  # type: ignore[union-attr]
                                     line=node.lineno, end=_end(parent)))
            return
        iterated = None
        if type(parent) in (ast.For, ast.AsyncFor) and parent.target is node:  # type: ignore[union-attr]
            iterated = parent.iter  # type: ignore[union-attr]
        elif type(parent) in (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
            iterated = next((g.iter for g in parent.generators if g.target is node), None)  # type: ignore[union-attr]
        self._add(scope, Binding(node.id, OTHER, node, scope, branch, line=node.lineno, iterated=iterated))

    def release(self) -> None:
        """Break the scope <-> binding cycles so the model is freed at once, by reference
        counting, instead of waiting for (and paying for) a cyclic collection."""
        for scope in (self.module_scope, *self.scope_of_node.values()):
            scope.bindings.clear()
            scope.parent = None
        self.imports.clear()
        self.subscript_stores.clear()
        self.binding_at.clear()
        self._binds_elsewhere.clear()
        self._reaching.clear()
        self._changers.clear()
        self._binding_of.clear()
        self._windows.clear()
        flow = self.__dict__.pop("flow", None)
        if flow is not None:
            flow.release()
        members = self.__dict__.pop("members", None)  # it refers back to the model
        if members is not None:
            vars(members).clear()
        for table in (self.uses, self.use_of, self.parent, self.attribute_calls, self.name_calls,
                      self.call_scope, self.scope_of_node, self._qualnames, self.branch_nodes,
                      self._contents, self._returns, self._parents, self._of_kind, self._stores):
            table.clear()
        self._walked.clear()
        self._walked_by_type = None
        self._fixed_parents.clear()
        self._tree_parents = None

    # ----------------------------------------------------------------------------- queries
    def resolve_scope(self, name: str, scope: Scope) -> Scope | None:
        """The scope whose binding of `name` a use in `scope` refers to (None: builtin/unknown)."""
        current: Scope | None = scope
        first = True
        while current is not None:
            if name in current.global_names:
                return self.module_scope if name in self.module_scope.bindings else None
            if current.kind == "class" and not first:
                current = current.parent
                continue
            if current.star_import:
                return None  # `from m import *` may bind any name, at any point
            if name in current.bindings:
                return current
            first = False
            current = current.parent
        return None

    def function_of(self, expr: ast.expr, *, through_jit: bool = False) -> ast.FunctionDef | ast.Lambda | None:
        """The function of this file that `expr` certainly is, as JAX runs it when the
        expression is passed to it: a lambda, a name whose binding is an undecorated `def`,
        `name = lambda ...` or `name = factory(...)`, or that call itself (`_made_by_factory`); a decorator may
        change what the function is or returns, an async def returns a coroutine.

        `through_jit`: also a def decorated only by `@jax.jit` without options (a
        transformation applied to it -- vmap, grad, vjp, another jit -- traces its body as
        written: `jax.jit` inside a trace only stages it)."""
        if isinstance(expr, ast.Lambda):
            return expr
        if isinstance(expr, ast.Call):
            return self._made_by_factory(expr)  # `jax.jit(make_step(cfg))`
        if isinstance(expr, ast.Subscript):
            entry = self._dict_entry(expr)  # `settings["guess"]` of `settings = {"guess": f}`
            return None if entry is None or entry is expr else self.function_of(entry, through_jit=through_jit)
        if not isinstance(expr, ast.Name):
            return None
        binding = self.binding_of(expr)
        if binding is None:
            return None
        if binding.kind == DEF and isinstance(binding.node, ast.FunctionDef) and (
                not binding.node.decorator_list or through_jit and self.jitted_only(binding.node)):
            return binding.node
        if binding.kind == ASSIGN and isinstance(binding.value, ast.Lambda):
            return binding.value
        if binding.kind == ASSIGN and isinstance(binding.value, ast.Call):
            return self._made_by_factory(binding.value)
        return None

    def _dict_entry(self, expr: ast.Subscript) -> ast.expr | None:
        """`d["key"]` read where `d` certainly holds the dict display of its one assignment
        (constant keys), unchanged in between (`unchanged_at`): the display's entry for the key
        (the last of equal keys: Python's rule). None otherwise."""
        key = expr.slice
        if type(expr.value) is not ast.Name or type(key) is not ast.Constant or not isinstance(expr.ctx, ast.Load):
            return None
        found = self.assignment_of(expr.value)
        if found is None or type(found[1]) is not ast.Dict:
            return None
        binding, display = found
        assert isinstance(display, ast.Dict)
        entry = display_entry(display, key.value)
        use = self.use_of.get(id(expr.value))
        if entry is None or use is None or not self.unchanged_at(binding, use):
            return None
        return entry

    def _made_by_factory(self, call: ast.Call) -> ast.FunctionDef | ast.Lambda | None:
        """`f = make_loss(cfg)`: the function a def of the file returns at every `return`
        of its own body, one undecorated def nested in it (or one lambda written in the
        return), the same at each; the closure's variables stay what the factory's call
        makes them (unknown here)."""
        factory = self.def_of(call.func) if isinstance(call.func, ast.Name) else None
        if not isinstance(factory, ast.FunctionDef) or factory.decorator_list:
            return None
        ends = self.returns_of(factory)
        if ends.suspends or not ends.returns:
            return None
        found: ast.FunctionDef | ast.Lambda | None = None
        for statement in ends.returns:
            value = statement.value
            made: ast.FunctionDef | ast.Lambda | None = None
            if isinstance(value, ast.Lambda):
                made = value
            elif isinstance(value, ast.Name):
                inner = self.binding_of(value)
                if inner is not None and inner.kind == DEF and isinstance(inner.node, ast.FunctionDef) \
                        and not inner.node.decorator_list and inner.scope.node is factory:
                    made = inner.node
            if made is None or found is not None and made is not found:
                return None
            found = made
        return found

    def jitted_only(self, function: ast.FunctionDef) -> bool:
        """`function`'s one decorator is `@jax.jit` (or `@partial(jax.jit)`) without options."""
        if len(function.decorator_list) != 1:
            return False
        jit = self.decoration(function, "jax.jit")
        return jit is not None and not jit.keywords

    def def_of(self, expr: ast.expr) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The `def` (decorated or not) a name certainly stands for."""
        binding = self.binding_of(expr) if isinstance(expr, ast.Name) else None
        if binding is not None and binding.kind == DEF \
                and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return binding.node
        return None

    @cached_property
    def members(self) -> Members:
        """Classes, bound methods, attributes stored on instances (`jaxerr_lsp.analysis.members`)."""
        from jaxerr_lsp.analysis.members import Members

        return Members(self)

    @cached_property
    def flow(self) -> Flow:
        """The code-flow binder of the module (built lazily, per frame, scope and name)."""
        return Flow(self.tree, self._frames_holding,
                    lambda: [scope.node for scope in self._binds_elsewhere])

    def _frames_holding(self, node: ast.AST) -> list[ast.AST] | None:
        """The defs, lambdas and generator expressions whose frames run a name read `node`
        (or, for the node of a scope, the code of that scope), the outermost first; None when
        the model does not know the node."""
        use = self.use_of.get(id(node))
        scope: Scope | None
        if use is not None:
            scope = use.scope
        elif id(node) in self.scope_of_node:
            scope = self.scope_of_node[id(node)]
        elif id(node) in self.binding_at:
            scope = self.binding_at[id(node)].scope
        elif node is self.tree:
            scope = self.module_scope
        else:
            return None
        chain = []
        while scope is not None:
            if scope.kind == "function" or scope.kind == "lambda" or type(scope.node) is ast.GeneratorExp:
                chain.append(scope.node)
            scope = scope.parent
        chain.reverse()
        return chain

    def reaching(self, node: ast.Name) -> list[Binding] | None:
        """The bindings that can reach the use `node`, in source order, when code flow decides
        it: None for a name read inside a nested function from an enclosing scope (it may run
        at any time), a name that may be unbound there, a builtin, a star import's name."""
        known = self._reaching.get(id(node))  # (`_kept`, inline: the most asked queries)
        if known is None or known[0] is not node:
            known = self._reaching[id(node)] = (node, self._find_reaching(node))
        return known[1]

    def _find_reaching(self, node: ast.Name) -> list[Binding] | None:
        use = self.use_of.get(id(node))
        if use is None:
            return None
        scope = self.resolve_scope(node.id, use.scope)
        if scope is None:
            return None
        return self._reached(self.flow.reaching(node), scope)

    def reaching_augmented(self, binding: Binding) -> list[Binding] | None:
        """The bindings `name op= value` reads `name` from (as `reaching` says of a use)."""
        if binding.kind != AUGMENTED or not isinstance(binding.node, ast.Name):
            return None
        return self._reached(self.flow.reaching(binding.node), binding.scope)

    def _reached(self, reach: Reaching | None, scope: Scope) -> list[Binding] | None:
        """The bindings of `scope` a flow answer names, when it is exact and certain (no
        path with the name unbound)."""
        if reach is None or reach.builtin or not reach.exact or reach.maybe_unbound \
                or not reach.definitions:
            return None
        found = [self.binding_at.get(id(d)) for d in reach.definitions]
        if any(b is None or b.scope is not scope for b in found):
            return None
        return found  # type: ignore[return-value]

    def reaching_before(self, name: str, scope: Scope, statement: ast.stmt) -> list[Binding] | None:
        """The bindings of `name` in `scope` that reach the point just before `statement` (a
        statement of that scope), when code flow decides it (`flow.Flow.reaching_at`)."""
        return self._reached(self.flow.reaching_at(name, scope.node, statement), scope)

    def binding_of(self, node: ast.Name) -> Binding | None:
        """The one binding the use `node` certainly reads: the one binding code flow lets
        reach it (`reaching`); for a name read from an enclosing scope by a nested function,
        the name's only binding there, when the use certainly sees it bound."""
        known = self._binding_of.get(id(node))  # (`_kept`, inline)
        if known is None or known[0] is not node:
            known = self._binding_of[id(node)] = (node, self._find_binding_of(node))
        return known[1]

    def loop_unpacking(self, binding: Binding) -> LoopUnpacking | None:
        """For a name a loop's tuple target binds (`for name, (a, b) in settings.items()`, a
        comprehension's too): what the loop iterates, and where the name sits in the target
        (as an unpacking's `index` and `arity`); None for any other binding, and when the
        target has a starred element."""
        if binding.kind != OTHER or type(binding.node) is not ast.Name or binding.iterated is not None:
            return None
        if self._loop_unpacking is None:
            found: dict[int, LoopUnpacking] = {}
            loops: list[ast.For | ast.AsyncFor | ast.comprehension] = [
                *self.nodes_in(self.tree, (ast.For, ast.AsyncFor)),  # type: ignore[list-item]
                *(g for c in self.nodes_in(self.tree, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
                  for g in c.generators)]  # type: ignore[attr-defined]
            for loop in loops:
                if type(loop.target) in (ast.Tuple, ast.List):
                    _place_names(loop.target, loop.iter, (), (), found)  # type: ignore[arg-type]
            self._loop_unpacking = found
        return self._loop_unpacking.get(id(binding.node))

    def read_binding(self, node: ast.Name) -> Binding | None:
        """The binding a read certainly reads in its own frame: the one code flow lets reach
        it (a parameter's read: its one binding), else `binding_of`."""
        reaching = self.reaching(node)
        return reaching[0] if reaching and len(reaching) == 1 else self.binding_of(node)

    def parameter_read(self, node: ast.Name) -> Binding | None:
        """The parameter binding a read certainly reads: in its own frame (`read_binding`), or
        from a nested function, the enclosing def's parameter that is the name's only binding
        there (whenever the nested function runs, it sees what the call gave)."""
        binding = self.read_binding(node)
        if binding is not None:
            return binding if isinstance(binding.node, ast.arg) else None
        use = self.use_of.get(id(node))
        scope = self.resolve_scope(node.id, use.scope) if use is not None else None
        if scope is None or use is None or scope is use.scope:
            return None
        binding = self.sole_binding(node.id, scope)
        return binding if binding is not None and isinstance(binding.node, ast.arg) else None

    def assignment_of(self, node: ast.Name) -> tuple[Binding, ast.expr] | None:
        """The binding the use `node` certainly reads (`binding_of`) when it is a plain
        assignment with a value, `name = value` (not a parameter, import, def, loop target,
        unpacking or augmented assignment), and that value."""
        binding = self.binding_of(node)
        if binding is None or binding.kind != ASSIGN or binding.value is None:
            return None
        return binding, binding.value

    def assigned_value(self, node: ast.Name) -> ast.expr | None:
        """The value of the assignment `name = value` the use `node` certainly reads
        (`assignment_of`); None when it reads anything else."""
        found = self.assignment_of(node)
        return found[1] if found is not None else None

    def _find_binding_of(self, node: ast.Name) -> Binding | None:
        use = self.use_of.get(id(node))
        if use is None:
            return None
        scope = self.resolve_scope(node.id, use.scope)
        if scope is None:
            return None
        if scope is not use.scope and scope.kind != "class" and not self._inline(use.scope, scope):
            # Read by a nested function from an enclosing scope: code flow cannot say when.
            return self._only_binding(node, use, scope) or self._binding_while_running(node, use, scope) \
                or self._binding_at_creation(node, use, scope)
        reach = self.flow.reaching(node)
        if reach is not None and reach.exact:
            found = self._reached(reach, scope)
            if found is None or (len(found) != 1 and not _same_import(found)):
                return None
            return found[0] if found[0].kind not in (OTHER, AUGMENTED) else None
        return self._only_binding(node, use, scope)

    def _binding_while_running(self, node: ast.Name, use: Use, scope: Scope) -> Binding | None:
        """A module name read by code that runs later (a def, a lambda, a generator; a
        notebook's helper reads `W`, bound again in a later cell): the one binding it can see
        whenever it runs. That code exists only from the module statement that holds it on,
        so it sees a binding reaching that statement or one made after it; a module-level def
        whose uses all run it where they are (called, given to a JAX transformation called
        there or bound to a name called later, or to a JAX loop) runs only until the last of
        them. None when that leaves more than one binding."""
        if scope is not self.module_scope:
            return None
        outer = use.scope
        while outer.parent is not self.module_scope:
            if outer.parent is None:
                return None
            outer = outer.parent
        body = self.tree.body
        start = self._top_index(outer.node)
        if start is None:
            return None
        end = len(body) - 1
        if outer.node is body[start] and (use.scope is outer or self._inline(use.scope, outer)):
            window = self._run_window(outer.node)  # type: ignore[arg-type]
            if window is not None:
                end = window[1]
        reach = self.flow.reaching_at(node.id, self.tree, body[start])
        if reach is None or not reach.exact or reach.builtin:
            return None
        found = {id(b): b for b in (self.binding_at.get(id(d)) for d in reach.definitions) if b is not None}
        if len(found) != len(reach.definitions):
            return None
        first = (body[start].lineno, body[start].col_offset)
        last = _end_of(body[end])
        for binding in scope.bindings.get(node.id, ()):
            if first <= (binding.line, _column(binding.node)) <= last:
                found[id(binding)] = binding
        bindings = list(found.values())
        if not bindings or any(b.scope is not scope for b in bindings) \
                or (len(bindings) != 1 and not _same_import(bindings)):
            return None
        return bindings[0] if bindings[0].kind not in (OTHER, AUGMENTED) else None

    def _binding_at_creation(self, node: ast.Name, use: Use, scope: Scope) -> Binding | None:
        """A name of a def's scope read by a function nested in it (a lambda given to
        `lax.cond`, a scan body reading what the def computed): the nested function exists
        from the statement that makes it on, so when no binding of the name in the def comes
        at or after that statement (and no scope declares it nonlocal), whenever it runs it
        sees what reached that statement: the one binding code flow lets reach it."""
        if scope.kind == "module" or scope.kind == "class" or self._declared_global_or_nonlocal(node.id):
            return None
        outer = use.scope
        while outer.parent is not scope:
            if outer.parent is None:
                return None
            outer = outer.parent
        path = self.path_to(scope.node, outer.node)
        made = next((n for n in reversed(path or ()) if isinstance(n, ast.stmt) and n is not scope.node), None)
        if made is None:
            return None
        start = (made.lineno, made.col_offset)
        if any((binding.line, _column(binding.node)) >= start for binding in scope.bindings.get(node.id, ())):
            return None
        found = self._reached(self.flow.reaching_at(node.id, scope.node, made), scope)
        if found is None or len(found) != 1 or found[0].kind in (OTHER, AUGMENTED):
            return None
        return found[0]

    def _run_window(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int] | None:
        """(the index of the def among the module's statements, the index of the last one
        where it may run), when the def is a module-level statement whose every use runs it
        there (see `_binding_while_running`); kept per def."""
        return _kept(self._windows, function, self._find_run_window)

    def _find_run_window(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int] | None:
        if id(function) in self._windows_busy:
            return None  # (functions that call each other: asked again while being decided)
        self._windows_busy.add(id(function))
        try:
            return self._window_of(function)
        finally:
            self._windows_busy.discard(id(function))

    def _window_of(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int] | None:
        body = self.tree.body
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        try:
            start = body.index(function)
        except ValueError:
            return None  # inside a branch, a loop, a class...
        if any(not self._wraps(decorator) for decorator in function.decorator_list):
            return None
        binding = self.binding_at.get(id(function))
        if binding is None:
            return None
        end = self._last_run(binding, 0)
        return None if end is None or end < start else (start, end)

    def _last_run(self, binding: Binding, depth: int) -> int | None:
        """The index of the last module statement where the function `binding` holds may be
        called: the last of its uses (each of which must run it where it is)."""
        if depth > 3:
            return None
        last: int | None = None
        for use in self.uses_of(binding):
            if use.scope is not self.module_scope:
                return None
            where = self._runs_at(use.node, use.parent, depth)
            if where is None:
                return None
            last = where if last is None else max(last, where)
        return last

    def _runs_at(self, expr: ast.expr, parent: ast.AST | None, depth: int) -> int | None:
        """Where the function `expr` evaluates to (at module level) may run: the index of the
        module statement holding `expr` when it is called there, given to a JAX loop there,
        or wrapped by a transformation whose result is; the last run of a name it is bound
        to; None when it may be kept by other code."""
        if isinstance(parent, ast.Call) and parent.func is expr:
            return self._top_index(parent)
        if isinstance(parent, ast.Call) and (expr in parent.args or any(k.value is expr for k in parent.keywords)):
            called = self.qualname(parent.func)
            if called in _RUN_THERE:
                return self._top_index(parent)
            if called in WRAPPERS:
                return self._runs_at(parent, self.parent.get(id(parent)), depth)
            return None
        if isinstance(parent, ast.Assign) and parent.value is expr and len(parent.targets) == 1 \
                and isinstance(parent.targets[0], ast.Name):
            target = self.binding_at.get(id(parent.targets[0]))
            if target is None:
                return None
            last = self._last_run(target, depth + 1)
            return self._top_index(parent) if last is None and not any(self.uses_of(target)) else last
        return None

    def _wraps(self, decorator: ast.expr) -> bool:
        """A decorator that wraps the function in a JAX transformation (`@jax.jit`,
        `@partial(jax.jit, static_argnums=0)`): it keeps it for nobody else."""
        if isinstance(decorator, ast.Call):
            called = self.qualname(decorator.func)
            if called == "functools.partial":
                return bool(decorator.args) and self.qualname(decorator.args[0]) in WRAPPERS
            return called in WRAPPERS
        return self.qualname(decorator) in WRAPPERS

    def _top_index(self, node: ast.AST) -> int | None:
        """The index of the module statement that holds `node`."""
        path = self.path_to(self.tree, node)
        if path is None or len(path) < 2:
            return None
        try:
            return self.tree.body.index(path[1])  # type: ignore[arg-type]
        except ValueError:
            return None

    @staticmethod
    def _inline(inner: Scope, outer: Scope) -> bool:
        """Whether code of `inner` runs where it is written, inside `outer` (comprehensions
        and class bodies between them, no function)."""
        current: Scope | None = inner
        while current is not None and current is not outer:
            if current.kind not in ("comprehension", "class"):
                return False
            current = current.parent
        return current is outer

    def _only_binding(self, node: ast.Name, use: Use, scope: Scope) -> Binding | None:
        """A name read where code flow cannot say when (inside a nested function, from an
        enclosing scope): its one binding in that scope, when the use's definition is not in
        a branch that binding is not in."""
        bindings = scope.bindings[node.id]
        if len(bindings) != 1 and not _same_import(bindings):
            return None
        binding = bindings[0]
        if binding.kind in (OTHER, AUGMENTED):
            return None
        # Where the use sits, seen from the binding's scope: its own branch, or the branch of
        # the nested definition that holds it.
        branch = use.branch
        holder = use.scope
        while holder is not scope and holder.parent is not None:
            branch = holder.branch
            holder = holder.parent
        if binding.branch != branch[: len(binding.branch)]:
            return None  # bound in a branch the use is not in: maybe unbound, maybe other
        if holder is use.scope and binding.end > (node.lineno, node.col_offset):
            return None  # used before (or within) the binding statement: NameError first
        return binding

    def uses_of(self, binding: Binding) -> Iterator[Use]:
        """The uses that may read `binding`: the uses of its name in its scope that code flow
        lets it reach (every use, where flow cannot say)."""
        for use in self.uses.get(binding.name, ()):
            if self.may_read(use, binding):
                yield use

    def may_read(self, use: Use, binding: Binding) -> bool:
        """Whether `use` (a use of the binding's name) is one of `uses_of(binding)`: a caller
        that keeps few of the uses can test what it needs first, and this after."""
        if self.resolve_scope(binding.name, use.scope) is not binding.scope:
            return False
        reach = self.flow.reaching(use.node)
        if reach is None or not reach.exact:
            # A closure's read: the one binding it certainly sees, when that is known.
            certain = self.binding_of(use.node)
            return certain is None or certain is binding
        return any(self.binding_at.get(id(d)) is binding for d in reach.definitions)

    def unambiguous_binding(self, node: ast.AST) -> Binding | None:
        """The binding `node` makes (a def, a class, a target name), when every use that may
        read it certainly does: what code flow says where the name is bound more than once
        (a notebook's cells), in place of requiring one binding in the file."""
        binding = self.binding_at.get(id(node))
        if binding is None:
            return None
        bindings = binding.scope.bindings.get(binding.name, ())
        if len(bindings) == 1 and bindings[0] is binding:
            return binding  # the name's only binding there (what every use can read)
        if any(self.binding_of(use.node) is not binding for use in self.uses_of(binding)):
            return None
        return binding

    def certain_uses_of(self, binding: Binding) -> list[Use]:
        """The uses that certainly read `binding` (their `binding_of`)."""
        return [use for use in self.uses_of(binding) if self.binding_of(use.node) is binding]

    def calls_of(self, binding: Binding) -> list[ast.Call]:
        """The calls `name(...)` whose callee certainly reads `binding`, also through names
        bound to it alone (`g = f` ... `g(x)` calls what `f` is)."""
        found: list[ast.Call] = []
        pending, seen = [binding], {id(binding)}
        while pending:
            for use in self.certain_uses_of(pending.pop()):
                parent = use.parent
                if type(parent) is ast.Call and parent.func is use.node:
                    found.append(parent)
                elif type(parent) is ast.Return and parent.value is use.node:
                    found.extend(self._calls_of_returned(parent))
                elif type(parent) is ast.Assign and parent.value is use.node and len(parent.targets) == 1 \
                        and type(parent.targets[0]) is ast.Name:
                    alias = self.binding_at.get(id(parent.targets[0]))
                    if alias is not None and alias.kind == ASSIGN and id(alias) not in seen:
                        seen.add(id(alias))
                        pending.append(alias)
        return found

    def calls_of_def(self, function: ast.AST) -> list[ast.Call]:
        """The calls of a def or class through its name, where the name certainly is it."""
        binding = self.binding_at.get(id(function))
        return self.calls_of(binding) if binding is not None and binding.kind in (DEF, CLASS) else []

    def calls_of_result(self, call: ast.Call) -> list[ast.Call]:
        """The calls of what `call` returns (`jax.jit(f)`, `jax.grad(f)`): `call(...)(x)`
        where it is made, `g(x)` wherever `g` certainly is `g = call(...)`, or, stored on an
        attribute of `self` (`self.run = jax.jit(self._run)` in a method), `sim.run(x)` and
        `self.run(x)` (`_calls_of_attribute`)."""
        parent = self.parent.get(id(call))
        if type(parent) is ast.Call and parent.func is call:
            return [parent]
        if type(parent) is ast.Return and parent.value is call:
            return self._calls_of_returned(parent)
        if type(parent) is not ast.Assign or parent.value is not call or len(parent.targets) != 1:
            return []
        target = parent.targets[0]
        if type(target) is ast.Attribute:
            return self._calls_of_attribute(target)
        if type(target) is not ast.Name:
            return []
        binding = self.binding_at.get(id(target))
        return self.calls_of(binding) if binding is not None and binding.kind == ASSIGN else []

    def _calls_of_returned(self, statement: ast.Return) -> list[ast.Call]:
        """The calls of what a factory returns (`def make(cfg): ... return jax.jit(step)`,
        then `run = make(cfg)` ... `run(x)`): the calls of the result of each call of the
        factory, when `statement` is the one `return` of an undecorated def that neither
        yields nor awaits (a call of the result that does not fail called what the return
        gave). Factories of factories are followed a few levels deep."""
        name = next(iter(self.names_in(statement)), None)
        use = self.use_of.get(id(name)) if name is not None else None
        factory = use.scope.node if use is not None else None
        if type(factory) is not ast.FunctionDef or factory.decorator_list \
                or self._returned_depth >= _MAX_FACTORY_DEPTH:
            return []
        ends = self.returns_of(factory)
        if ends.suspends or ends.returns != (statement,):
            return []
        self._returned_depth += 1
        try:
            return [found for call in self.calls_of_def(factory) for found in self.calls_of_result(call)]
        finally:
            self._returned_depth -= 1

    def _calls_of_attribute(self, target: ast.Attribute) -> list[ast.Call]:
        """`self.attr = ...` in a method of a class of the file, the one store of `attr` on
        the class, its subclasses and their instances, no class among them defining `attr`:
        the calls `obj.attr(...)` on an object certainly of that class (`self` in its
        methods, `m = C(...)`)."""
        if not isinstance(target.value, ast.Name):
            return []
        members = self.members
        owner = members.class_of_instance(target.value)
        if owner is None:
            return []
        stores = [store for cls in (owner, *members.subclasses(owner))
                  for store in members.attribute_stores(cls, target.attr)]
        if len(stores) != 1 or stores[0].target is not target:
            return []
        if members.defines_in_hierarchy(owner, target.attr):
            return self._calls_of_shadowing(target, owner, stores[0].method)
        found = []
        for call in self.attribute_calls.get(target.attr, ()):
            callee = call.func
            if isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name) \
                    and members.class_of_instance(callee.value) is owner:
                found.append(call)
        return found

    def _calls_of_shadowing(self, target: ast.Attribute, owner: ast.ClassDef,
                            method: ast.AST | None) -> list[ast.Call]:
        """`obj.step = jax.jit(obj.step)`: the store shadows a method of a plain class on
        one object (`Members.shadowable_method`), so the calls `obj.step(...)` that certainly
        run after it call what was stored: written straight in the module, the store on a
        name bound once to `C(...)`, the calls on that binding later in the module's own
        code; or written straight in `__init__` on `self`, the calls on the instances the
        file makes (`C(...)` bound to a name) and on `self` in the methods `__init__` does
        not call."""
        if not self.members.shadowable_method(owner, target.attr):
            return []
        statement = self.parent.get(id(target))
        assert isinstance(target.value, ast.Name)
        if method is None:
            receiver = self.binding_of(target.value)
            if receiver is None or receiver.scope is not self.module_scope \
                    or statement not in self.tree.body:
                return []
            end = (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
            return [call for call in self.attribute_calls.get(target.attr, ())
                    if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
                    and self.call_scope.get(id(call)) is self.module_scope
                    and (call.lineno, call.col_offset) > end
                    and self.binding_of(call.func.value) is receiver]
        if not isinstance(method, ast.FunctionDef) or method.name != "__init__" \
                or statement not in method.body:
            return []
        called_by_init = {call.func.attr for call in self.calls_in(method)
                          if isinstance(call.func, ast.Attribute)}
        found = []
        for call in self.attribute_calls.get(target.attr, ()):
            callee = call.func
            if not isinstance(callee, ast.Attribute) or not isinstance(callee.value, ast.Name) \
                    or self.members.class_of_instance(callee.value) is not owner:
                continue
            scope = self.call_scope.get(id(call))
            caller = scope.node if scope is not None else None
            if isinstance(caller, ast.FunctionDef) and any(caller is item for item in owner.body) \
                    and (caller is method or caller.name in called_by_init):
                continue
            found.append(call)
        return found

    def runs_before(self, call: ast.Call, use: Use) -> bool:
        """Whether `call` certainly ran whenever `use` is reached: it is in the use's scope,
        ends before it, and sits in the branches the use sits in (none the use is not in)."""
        if self.call_scope.get(id(call)) is not use.scope:
            return False
        if (call.end_lineno or call.lineno, call.end_col_offset or 0) > (use.node.lineno, use.node.col_offset):
            return False
        callee: ast.AST = call.func
        while isinstance(callee, (ast.Attribute, ast.Call)):
            callee = callee.value if isinstance(callee, ast.Attribute) else callee.func
        where = self.use_of.get(id(callee)) if isinstance(callee, ast.Name) else None
        return where is not None and use.branch[:len(where.branch)] == where.branch

    def binding_of_definition(self, node: ast.AST) -> Binding | None:
        """The binding a def, class, target Name, alias or parameter makes."""
        return self.binding_at.get(id(node))

    def qualname(self, expr: ast.expr) -> str | None:
        """`jax.tree.map` for an expression naming that module attribute through the imports."""
        known = self._qualnames.get(id(expr))  # (`_kept`, inline)
        if known is None or known[0] is not expr:
            known = self._qualnames[id(expr)] = (expr, self._find_qualname(expr))
        return known[1]

    def _find_qualname(self, expr: ast.expr) -> str | None:
        parts: list[str] = []
        while isinstance(expr, ast.Attribute):
            parts.append(expr.attr)
            expr = expr.value
        if not isinstance(expr, ast.Name):
            return None
        use = self.use_of.get(id(expr))
        if use is None:
            return None  # (not a name read: it has no binding_of)
        scope = self.resolve_scope(expr.id, use.scope)
        if scope is not None and not any(b.kind == IMPORT and b.qualname is not None
                                         for b in scope.bindings[expr.id]):
            # `binding_of` names one of these bindings or none: no import, no qualname (and
            # the code flow of a local name need not be asked); but a name bound once to a
            # module attribute of JAX or NumPy stands for it (`DTYPE = jnp.float16`).
            aliased = self._alias_of(expr, scope)
            return None if aliased is None else ".".join([aliased, *reversed(parts)])
        binding = self.binding_of(expr)
        if binding is None:
            # Builtins (dict, list, tuple...) resolve to themselves when nothing shadows them.
            if self.use_of.get(id(expr)) is not None and self.resolve_scope(
                    expr.id, self.use_of[id(expr)].scope) is None and not self.module_scope.star_import:
                return ".".join(["builtins", expr.id, *reversed(parts)])
            return None
        if binding.kind != IMPORT or binding.qualname is None:
            return None
        dotted = ".".join([binding.qualname, *reversed(parts)])
        if dotted.startswith("flax.linen."):
            return flax_public_name(dotted)
        return public_name(dotted) if dotted.startswith("jax._src.") else dotted

    def _alias_of(self, expr: ast.Name, scope: Scope) -> str | None:
        """The JAX or NumPy module attribute a name stands for when its scope binds it once,
        `name = <that attribute>` (`PHYSICS_DTYPE = jnp.float16`, `prng = jax.random`), no
        scope declares it `global`/`nonlocal`, no star import may rebind it, and the binding
        reaches the use."""
        bindings = scope.bindings[expr.id]
        if len(bindings) == 1 and isinstance(bindings[0].node, ast.arg):
            return self._module_parameter(expr, scope, bindings[0])
        if len(bindings) != 1 or bindings[0].kind != ASSIGN \
                or not isinstance(bindings[0].value, (ast.Attribute, ast.Name)) \
                or not isinstance(bindings[0].node, ast.Name) or self.module_scope.star_import:
            return None
        binding = bindings[0]
        value = binding.value
        assert value is not None
        if self._declared_global_or_nonlocal(expr.id):
            return None
        if self.binding_of(expr) is not binding or id(binding) in self._aliasing:
            return None
        self._aliasing.add(id(binding))
        try:
            target = self.qualname(value)
        finally:
            self._aliasing.discard(id(binding))
        if target is None or not (target.startswith(("jax.", "numpy.")) or target in ("jax", "numpy")):
            return None
        return target

    def _module_parameter(self, expr: ast.Name, scope: Scope, binding: Binding) -> str | None:
        """`numpy` or `jax.numpy` for a parameter that holds that module on every call: a
        parameter of a plain undecorated def (not a method, not a lambda) its scope never rebinds,
        whose def is only ever called by its name (no other use lets it escape), each call
        passing that module for it or leaving its default, which is that module
        (`def cast(x, xnp=np)` called as `cast(x, xnp=jnp)`)."""
        known = self._module_parameters.get(id(binding))
        if known is not None and known[0] is binding:
            return known[1]
        self._module_parameters[id(binding)] = (binding, None)  # (a call passing the parameter on)
        found = self._find_module_parameter(expr.id, scope)
        self._module_parameters[id(binding)] = (binding, found)
        return found

    def _find_module_parameter(self, name: str, scope: Scope) -> str | None:
        given = self.parameter_arguments(name, scope)
        if given is None:
            return None
        found = {None if value is None else self.qualname(value) for value in given}
        module = found.pop() if len(found) == 1 else None
        return module if module in ("numpy", "jax.numpy") else None

    def parameter_arguments(self, name: str, scope: Scope) -> list[ast.expr | None] | None:
        """What each call of a def gives its parameter `name` (the default where the call
        leaves it out; None where there is none): a parameter of a plain undecorated def (not
        a method, not a lambda) that no scope declares global or nonlocal, whose def is only
        ever called by its name (no other use lets it escape), every call written without
        `*`/`**` arguments. None otherwise."""
        function = scope.node
        if scope.kind != "function" or not isinstance(function, ast.FunctionDef) or function.decorator_list \
                or scope.parent is None or scope.parent.kind == "class" or self.module_scope.star_import:
            return None
        known = self._parameter_arguments.get((id(function), name))
        if known is not None:
            return known[1]
        found = self._find_parameter_arguments(name, function)
        self._parameter_arguments[(id(function), name)] = (function, found)
        return found

    def _declared_global_or_nonlocal(self, name: str) -> bool:
        """Whether some scope declares `name` global or nonlocal (only the scopes holding a
        `global`, `nonlocal` or walrus can: a short list, not every scope of the file)."""
        return any(name in scope.global_names or name in scope.nonlocal_names
                   for scope in self._binds_elsewhere)

    def _find_parameter_arguments(self, name: str, function: ast.FunctionDef) -> list[ast.expr | None] | None:
        if self._declared_global_or_nonlocal(name):
            return None
        definition = self.binding_at.get(id(function))
        if definition is None or definition.kind != DEF:
            return None
        calls = self.calls_of(definition)
        if not calls or len(calls) != sum(1 for _ in self.uses_of(definition)):
            return None
        arguments = function.args
        positional = [*arguments.posonlyargs, *arguments.args]
        names = [a.arg for a in positional]
        default: ast.expr | None = None
        if name in names:
            index = names.index(name)
            first_default = len(positional) - len(arguments.defaults)
            if index >= first_default:
                default = arguments.defaults[index - first_default]
        else:
            index = -1
            for argument, value in zip(arguments.kwonlyargs, arguments.kw_defaults):
                if argument.arg == name:
                    default = value
        found: list[ast.expr | None] = []
        for call in calls:
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                return None
            given = [k.value for k in call.keywords if k.arg == name]
            if not given and 0 <= index < len(call.args):
                given = [call.args[index]]
            found.append(given[0] if given else default)
        return found

    # ------------------------------------------------------------------ calls and decorators
    def method_calls(self, attribute: str) -> list[ast.Call]:
        """Every call `<anything>.attribute(...)`, in source order."""
        return self.attribute_calls.get(attribute, [])

    def calls_to(self, qualname: str) -> list[CallSite]:
        """Every call that certainly runs the module attribute `qualname`, however it was
        imported, directly or through `functools.partial`, in source order."""
        cached = self._calls_to.get(qualname)
        if cached is None:
            cached = self._calls_to[qualname] = self._find_calls_to(qualname)
        return list(cached)

    def _find_calls_to(self, qualname: str) -> list[CallSite]:
        candidates = self._candidate_calls(qualname)
        # partial(target, ...) objects that are not called where they are made.
        uncalled = self._uncalled_partials.get(qualname, ())
        if not candidates and not uncalled:
            return []  # (most questions: a name the file never calls)
        found = [site for call in candidates
                 if (site := self.call_site(call)) is not None and site.qualname == qualname]
        called_partials = {id(site.partial) for site in found if site.partial is not None}
        for site in uncalled:
            if id(site.call) not in called_partials:
                found.append(site)
        return sorted(found, key=lambda s: (s.call.lineno, s.call.col_offset))

    @cached_property
    def _uncalled_partials(self) -> dict[str, list[CallSite]]:
        """Every `functools.partial(target, ...)` call, as an incomplete call of its target,
        by the target's qualname (in the order of `_candidate_calls`)."""
        found: dict[str, list[CallSite]] = {}
        for call in self._candidate_calls("functools.partial"):
            site = self.call_site(call)
            if site is not None and not site.complete:
                found.setdefault(site.qualname, []).append(site)
        return found

    @cached_property
    def _applied_partials(self) -> list[ast.Call]:
        """Calls `partial(f, ...)(x)` whose callee is a `functools.partial` call (the other
        calls of a call's result run something unknown)."""
        return [call for call in self.name_calls.get("()", ()) if self.call_site(call) is not None]

    @cached_property
    def _import_names(self) -> dict[str, set[str]]:
        """qualname -> the names imports bind to it."""
        names: dict[str, set[str]] = {}
        for binding in self.imports:
            if binding.qualname is not None:
                names.setdefault(binding.qualname, set()).add(binding.name)
        return names

    def call_site(self, call: ast.Call) -> CallSite | None:
        """What `call` runs, when it is a module attribute (through a partial or not)."""
        known = self._call_sites.get(id(call))  # (`_kept`, inline)
        if known is None or known[0] is not call:
            known = self._call_sites[id(call)] = (call, self._find_call_site(call))
        return known[1]

    def _find_call_site(self, call: ast.Call) -> CallSite | None:
        function = call.func
        if isinstance(function, ast.Call):
            inner = self._partial_of(function)
            if inner is None:
                return None
            return CallSite(call, inner.qualname, (*inner.args, *call.args),
                            (*inner.keywords, *call.keywords), function)
        qualname = self.qualname(function)
        if qualname is None:
            return None
        if qualname == "functools.partial":
            inner = self._partial_of(call)
            if inner is not None:
                return inner
        return CallSite(call, qualname, tuple(call.args), tuple(call.keywords))

    def _partial_of(self, call: ast.Call) -> CallSite | None:
        """`functools.partial(target, *args, **kwargs)` as an incomplete call of target."""
        if not call.args or isinstance(call.args[0], ast.Starred) \
                or self.qualname(call.func) != "functools.partial":
            return None
        target = self.qualname(call.args[0])
        if target is None:
            return None
        return CallSite(call, target, tuple(call.args[1:]), tuple(call.keywords), call, False)

    def _candidate_calls(self, qualname: str) -> list[ast.Call]:
        """Calls whose callee's last name could be `qualname`: its own last part, or a name
        an import binds to it; and the applied partials (`partial(target, ...)(args)`)."""
        last = qualname.rpartition(".")[2]
        imported = self._import_names.get(qualname)
        names = {last} | imported if imported else (last,)
        calls: list[ast.Call] = []
        attribute_calls, name_calls = self.attribute_calls, self.name_calls
        for name in names:
            if name in attribute_calls:
                calls.extend(attribute_calls[name])
            if name in name_calls:
                calls.extend(name_calls[name])
        calls.extend(self._applied_partials)
        return calls

    def decorations(self, qualname: str) -> list[Decoration]:
        """Every def or class decorated by the module attribute `qualname` (bare, called
        with options, or through `functools.partial`)."""
        return self._decorations.get(qualname, [])

    def decoration(self, target: ast.AST, qualname: str) -> Decoration | None:
        """How `target` is decorated by `qualname`, if it is."""
        return next((d for d in self.decorations(qualname) if d.target is target), None)

    @cached_property
    def _decorations(self) -> dict[str, list[Decoration]]:
        index: dict[str, list[Decoration]] = {}
        for target in [*self.functions, *self.classes]:
            for position, decorator in enumerate(getattr(target, "decorator_list", ())):
                found = self._decorator(target, decorator, position)  # type: ignore[arg-type]
                if found is not None:
                    index.setdefault(found.qualname, []).append(found)
        return index

    def _decorator(self, target: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
                   decorator: ast.expr, position: int) -> Decoration | None:
        if isinstance(decorator, ast.Call):
            # @partial(jax.jit, static_argnums=0); a decorator made by any other call is
            # whatever that call returns: unknown.
            site = self.call_site(decorator)
            if site is None or site.partial is not decorator or site.args:
                return None
            return Decoration(target, decorator, site.qualname, position, site.keywords)
        qualname = self.qualname(decorator)
        if qualname is None:
            return None
        return Decoration(target, decorator, qualname, position, ())

    def aliases_of(self, qualname: str) -> list[str]:
        """Module-level names bound (once) to the module `qualname` (e.g. 'jax.numpy' -> ['jnp'])."""
        found = []
        for name, bindings in self.module_scope.bindings.items():
            if len(bindings) == 1 and bindings[0].kind == IMPORT and bindings[0].qualname == qualname:
                found.append(name)
        return found

    def is_mutated(self, binding: Binding) -> bool:
        """Whether the container bound by `binding` may change after it was built: any use
        other than reading it, subscripting it for a value, or passing it to JAX or to a
        builtin that only reads."""
        for use in self.uses_of(binding):
            if not self._reads_only(use):
                return True
        return False

    def unchanged_at(self, binding: Binding, use: Use) -> bool:
        """Whether the container `binding` built (`name = <display>`, one target) certainly
        still holds, in each of its slots, the object the display put there, where `use` reads
        it: no use of the binding that may change it or let it escape (a store to it or an
        entry, a method that changes it, a call of an unknown function, an alias, a place in
        another container) can run between the binding and `use`. Reading an entry (`d[k]`,
        whatever is then done with it) leaves the slots as they are: what an entry object holds
        is for the caller to judge (an immutable JAX array or number stays what it was). A use in the same frame whose statement starts after the use's
        statement ends, outside every loop that holds the use, runs after it; any other use
        that is not a plain read may run before (the use itself: what it stores happens after
        the read)."""
        if binding.kind != ASSIGN:
            return False
        made = self.path_to(binding.scope.node, binding.node)
        statement = made[-2] if made is not None and len(made) > 1 else None
        if not (
                type(binding.node) is ast.AnnAssign or type(statement) is ast.Assign
                and len(statement.targets) == 1 and statement.targets[0] is binding.node):
            return False
        after: tuple[int, int] | None = None
        loops: list[ast.AST] = []
        if use.scope is binding.scope:
            path = self.path_to(binding.scope.node, use.node)
            if path is not None:
                held = next((n for n in reversed(path) if isinstance(n, ast.stmt)), None)
                loops = [n for n in path if isinstance(n, (ast.For, ast.AsyncFor, ast.While))]
                if held is not None:
                    after = (held.end_lineno or held.lineno, held.end_col_offset or 0)
        for other in self._changers_of(binding):
            if other.node is use.node:
                continue
            if after is None or other.scope is not use.scope:
                return False
            where = (other.node.lineno, other.node.col_offset)
            if where < after or any(_holds(loop, other.node) for loop in loops):
                return False
            path = self.path_to(binding.scope.node, other.node)
            held = next((n for n in reversed(path) if isinstance(n, ast.stmt)), None) if path else None
            if held is None or (held.lineno, held.col_offset) < after:
                return False
        return True

    def _changers_of(self, binding: Binding) -> list[Use]:
        """The uses of `binding` that may change the container's slots or let it escape (all
        but reading an entry and plain reads that keep nothing), found once per binding."""
        kept = self._changers.get(id(binding))
        if kept is None or kept[0] is not binding:
            found = [other for other in self.uses_of(binding) if not (
                _reads_a_slot(other)
                or (self._reads_only(other) and type(other.parent) not in _ALIASING_PARENTS))]
            kept = self._changers[id(binding)] = (binding, found)
        return kept[1]

    # ------------------------------------------------------------ what a node holds
    def nodes_in(self, node: ast.AST, kind: type[N] | tuple[type[N], ...]) -> list[N]:
        """The nodes of `kind` inside `node` (itself included, and the bodies of the functions
        and classes it defines), in `ast.walk` order; never a context or an operator (`Load`,
        `Add`). One walk per node, kept: the rules that ask about the same function or
        statement share it."""
        key = (id(node), kind)
        kept = self._of_kind.get(key)
        if kept is None or kept[0] is not node:
            if node is self.tree and not _may_be_constant(kind):
                found = self._walked_of_kind(kind)
            else:
                found = [inner for inner in self._walk_of(node) if isinstance(inner, kind)]
            kept = self._of_kind[key] = (node, found)
        return list(kept[1])  # type: ignore[arg-type]

    def _walked_of_kind(self, kind: type | tuple[type, ...]) -> list[ast.AST]:
        """The nodes of `kind` the model's own walk visited, in its order (parents first)."""
        by_type = self._walked_by_type
        if by_type is None:
            grouped: defaultdict[type, list[int]] = defaultdict(list)
            for position, node_type in enumerate(map(type, map(_first, self._walked))):
                grouped[node_type].append(position)
            by_type = self._walked_by_type = dict(grouped)
        lists = [positions for type_, positions in by_type.items() if issubclass(type_, kind)]
        if not lists:
            return []
        positions = lists[0] if len(lists) == 1 else sorted(p for one in lists for p in one)
        walked = self._walked
        return [walked[position][0] for position in positions]

    def _walk_of(self, node: ast.AST) -> list[ast.AST]:
        """The nodes inside `node` (itself included) in `ast.walk` order, one walk kept."""
        known = self._contents.get(id(node))
        if known is None or known[0] is not node:  # (the node itself: ids of dead nodes recur)
            known = self._contents[id(node)] = (node, _walk_all(node))
        return known[1]

    def path_to(self, root: ast.AST, node: ast.AST) -> list[ast.AST] | None:
        """The nodes from `root` down to `node` (both included), None when `node` is not
        inside `root`. The parents of `root`'s nodes are found by one walk, kept."""
        known = self._parents.get(id(root))
        if known is None or known[0] is not root:
            if root is self.tree:  # what the model's walk kept (not the constants it skips)
                walked = self._walked
                parents = dict(zip(map(id, map(_first, walked)), map(_second, walked)))
                parents.update(self._fixed_parents)
            else:
                parents = _parents_in(self._walk_of(root))
            known = self._parents[id(root)] = (root, parents)
        path = [node]
        while path[-1] is not root:
            parent = known[1].get(id(path[-1]))
            if parent is None:
                if root is self.tree:
                    # Not kept by the model's walk (a constant it skips): by a walk of the tree.
                    if self._tree_parents is None:
                        self._tree_parents = _parents_in(self._walk_of(root))
                    return _path(root, node, self._tree_parents)
                return None
            path.append(parent)
        path.reverse()
        return path

    def head_use(self, expr: ast.AST) -> Use | None:
        """The use of the name that heads `expr` through its attributes' and subscripts'
        values, its calls' callees and its operators' first operands (`x` of `x.a[i](y) + z`):
        read in the scope `expr` is evaluated in, as is every name `expr` holds outside a
        lambda or a comprehension. None when no name read heads it. No walk."""
        node = expr
        while True:
            field = _HEADS.get(type(node))
            if field is None:
                break
            node = getattr(node, field)
        return self.use_of.get(id(node)) if type(node) is ast.Name else None

    def names_in(self, node: ast.AST) -> list[ast.Name]:
        """Every name `node` holds, read, stored or deleted (see `nodes_in`)."""
        return self.nodes_in(node, ast.Name)

    def calls_in(self, node: ast.AST) -> list[ast.Call]:
        """Every call `node` holds (see `nodes_in`)."""
        return self.nodes_in(node, ast.Call)

    def stores_in(self, node: ast.AST) -> list[tuple[ast.expr, ast.AST]]:
        """Each target `node` stores to, with the node that stores it: assignments (annotated
        ones without a value included), augmented assignments, `for` and `with ... as`
        targets, walrus; tuple, list and starred targets taken apart (see `nodes_in`; found
        once per node, kept)."""
        known = self._stores.get(id(node))
        if known is None or known[0] is not node:
            known = self._stores[id(node)] = (node, self._find_stores_in(node))
        return list(known[1])

    def _find_stores_in(self, node: ast.AST) -> list[tuple[ast.expr, ast.AST]]:
        found: list[tuple[ast.expr, ast.AST]] = []
        for holder in self.nodes_in(node, _STORING):
            targets: list[ast.expr]
            if isinstance(holder, ast.Assign):
                targets = list(holder.targets)
            elif isinstance(holder, (ast.With, ast.AsyncWith)):
                targets = [i.optional_vars for i in holder.items if i.optional_vars is not None]
            else:
                targets = [holder.target]  # type: ignore[attr-defined]
            while targets:
                target = targets.pop()
                if isinstance(target, (ast.Tuple, ast.List)):
                    targets.extend(target.elts)
                elif isinstance(target, ast.Starred):
                    targets.append(target.value)
                else:
                    found.append((target, holder))
        return found

    def branches_of(self, use: Use) -> list[tuple[ast.AST, int]]:
        """The `if`/`try`/`match`/conditional expressions of its own scope a use sits in,
        outermost first, each with the arm it is in (an `if`: 0 body, 1 else; a `try`: 0 body,
        then one per handler, then else, finally; a `match`: one per case)."""
        return [(self.branch_nodes[key], arm) for key, arm in use.branch]

    def returns_of(self, function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> Returns:
        """The `return` statements of a def's own body (not those of the functions it
        defines), and whether it yields or awaits and whether it may raise: one walk per
        function, kept. A lambda returns its body (one `return` made for it, at the body's
        place: not a node of the tree)."""
        known = self._returns.get(id(function))
        if known is None or known[0] is not function:
            if isinstance(function, ast.Lambda):
                made = ast.copy_location(ast.Return(value=function.body), function.body)
                suspends = any(type(n) in _SUSPENDING for n in ast.walk(function.body))
                found = Returns((made,), suspends, False)
            else:
                found = _returns(function)
            known = self._returns[id(function)] = (function, found)
        return known[1]

    # ------------------------------------------------------------ the bindings of a scope
    def bound_names(self, scope: Scope) -> Collection[str]:
        """The names `scope` binds."""
        return scope.bindings.keys()

    def bindings_named(self, name: str, scope: Scope) -> list[Binding]:
        """Every binding of `name` in `scope`, in source order, whatever the code flow (to ask
        which of them a use reads, ask `reaching` / `binding_of`)."""
        return list(scope.bindings.get(name, ()))

    def sole_binding(self, name: str, scope: Scope) -> Binding | None:
        """The binding of `name` in `scope` when it is its only one (a parameter never
        rebound, a def defined once...)."""
        bindings = scope.bindings.get(name, ())
        return bindings[0] if len(bindings) == 1 else None

    def _reads_only(self, use: Use) -> bool:
        parent = use.parent
        node: ast.AST = use.node
        if parent is None:
            return False
        if isinstance(parent, ast.Subscript) and parent.value is node:
            # x[k] read for a value: fine unless that element is then changed in place.
            grand = self.parent.get(id(parent))
            if isinstance(parent.ctx, (ast.Store, ast.Del)):
                return False
            return not isinstance(grand, ast.Attribute) and not (
                isinstance(grand, ast.Subscript) and isinstance(grand.ctx, (ast.Store, ast.Del)))
        if isinstance(parent, ast.Attribute) and parent.value is node:
            return parent.attr in READ_ONLY_METHODS or parent.attr in ("shape", "dtype", "ndim", "size")
        if isinstance(parent, ast.Call) and node in parent.args:
            callee = self.qualname(parent.func)
            if callee is None:
                if isinstance(parent.func, ast.Attribute) and parent.func.attr == "with_refs":
                    return True
                return self._made_by_copying_transform(parent.func) or self._read_by_def(parent, node)
            return callee.startswith(("jax.", "builtins.")) and callee not in MUTATING_BUILTINS
        if isinstance(parent, ast.keyword):
            return False
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is node:
            return True  # (iterating a container leaves it as it is)
        if isinstance(parent, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) \
                and any(generator.iter is node for generator in parent.generators):
            return True  # (the walk hands a comprehension's iterables under the comprehension)
        if isinstance(parent, (ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Starred, ast.Compare,
                               ast.FormattedValue, ast.Return, ast.Expr, ast.BoolOp, ast.IfExp,
                               ast.Assert, ast.Yield, ast.Await)):
            return True
        if type(parent) is ast.Assign and parent.value is node:
            return self._aliases_only_read(parent)
        return False  # calls to unknown functions, anything else

    def _aliases_only_read(self, assign: ast.Assign) -> bool:
        """`y = x` (or `a = b = x`): the container stays as it is through its aliases when each
        target is a plain name whose binding is itself only read (`is_mutated`, recursively:
        `z = y` after it too); a store into an attribute or an entry lets it escape."""
        if id(assign) in self._reading_defs:
            return False  # (`x = y` and `y = x` in a loop: a cycle says "may change")
        bindings: list[Binding] = []
        for target in assign.targets:
            binding = self.binding_at.get(id(target)) if type(target) is ast.Name else None
            if binding is None:
                return False
            bindings.append(binding)
        self._reading_defs.add(id(assign))
        try:
            return not any(self.is_mutated(binding) for binding in bindings)
        finally:
            self._reading_defs.discard(id(assign))

    def _read_by_def(self, call: ast.Call, argument: ast.AST) -> bool:
        """`helper(x)` (or `obj.method(x)`), the name certainly an undecorated def of this file
        (a method bound to its instance), whose parameter that receives `x` positionally is
        only read there (`is_mutated` of it: no store, no
        escape, recursively through the defs it is passed on to)."""
        if id(call) in self._reading_defs:
            return False
        function: ast.AST | None = None
        skipped = 0  # (a method bound to its instance: `self` takes no argument of the call)
        if isinstance(call.func, ast.Name):
            binding = self.binding_of(call.func)
            function = binding.node if binding is not None and binding.kind == DEF else None
        elif isinstance(call.func, ast.Attribute):
            denoted = self.members.denoted(call.func)
            if denoted is not None and denoted.bound:
                function, skipped = denoted.function, 1
        if not isinstance(function, ast.FunctionDef) or function.decorator_list:
            return False
        position = call.args.index(argument)  # type: ignore[arg-type]
        if any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
            return False
        positional = [*function.args.posonlyargs, *function.args.args][skipped:]
        scope = self.scope_of_node.get(id(function))
        if position >= len(positional) or scope is None:
            return False
        parameter = positional[position]
        bindings = [b for b in scope.bindings.get(parameter.arg, []) if b.node is parameter]
        if len(bindings) != 1:
            return False  # (rebound later: the uses that read the parameter's own binding count)
        self._reading_defs.add(id(call))
        try:
            return not self.is_mutated(bindings[0])
        finally:
            self._reading_defs.discard(id(call))

    def _made_by_copying_transform(self, callee: ast.expr) -> bool:
        """`jax.vmap(f, ...)`, or a name bound once to it: a function of COPYING_TRANSFORMS;
        or a def every decorator of which is one (`@jax.jit`, `@partial(jax.jit, ...)`): the
        function gets new pytrees of the arguments' leaves, never the containers themselves."""
        if isinstance(callee, ast.Name):
            definition = self.def_of(callee)
            if definition is not None:
                decorators = definition.decorator_list
                return bool(decorators) and sum(
                    1 for q in COPYING_TRANSFORMS if self.decoration(definition, q) is not None) == len(decorators)
            value = self.assigned_value(callee)
            if value is None:
                return False
            callee = value
        if not isinstance(callee, ast.Call):
            return False
        site = self.call_site(callee)
        return site is not None and site.complete and site.qualname in COPYING_TRANSFORMS


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Returns:
    """One walk of a def's own body (nested defs, lambdas and classes skipped)."""
    returns: list[ast.Return] = []
    suspends = raises = False
    stack: list[ast.AST] = list(function.body)
    push, extend = stack.append, stack.extend
    fields_of = _ALL_FIELDS
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in _OWN_SCOPE:
            continue
        if kind is ast.Return:
            returns.append(node)  # type: ignore[arg-type]
        elif kind in _SUSPENDING:
            suspends = True
        elif kind is ast.Raise or kind is ast.Assert:
            raises = True
        fields = fields_of.get(kind)
        if fields is None:
            fields = fields_of[kind] = _all_fields(kind)
        for name, holes in fields:  # (the children `ast.iter_child_nodes` gives, less contexts and operators)
            value = getattr(node, name, None)
            if type(value) is list:
                extend([item for item in value if item is not None] if holes else value)
            elif isinstance(value, AST):
                push(value)
    returns.sort(key=lambda r: (r.lineno, r.col_offset))
    return Returns(tuple(returns), suspends, raises)


_OWN_SCOPE = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})
_SUSPENDING = frozenset({ast.Yield, ast.YieldFrom, ast.Await})


@functools.cache
def _jax_reexports() -> dict[str, str]:
    """`jax._src.api.jit` -> `jax.jit`: the table `scripts/gen_jax_reexports.py` reads from the
    installed JAX (what its public modules re-export from its private ones)."""
    path = Path(__file__).resolve().parent.parent / "data" / "jax_reexports.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8"))["reexports"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


@functools.cache
def jax_public_names() -> frozenset[str]:
    """The public names (`jax.numpy.tanh`) the re-export table holds: what JAX's public
    modules export from its private ones (functions and classes)."""
    return frozenset(_jax_reexports().values())


# The activations flax.linen re-exports from jax.nn (`flax.linen.relu is jax.nn.relu`, checked
# against the installed flax by tests/test_jax_reexports.py).
FLAX_JAX_NN = frozenset("""
celu elu gelu glu hard_sigmoid hard_silu hard_swish hard_tanh leaky_relu log_sigmoid log_softmax
logsumexp one_hot relu relu6 selu sigmoid silu soft_sign softmax softplus standardize swish tanh
""".split())


def flax_public_name(dotted: str) -> str:
    """`jax.nn.relu` for `flax.linen.relu` (or `flax.linen.activation.relu`): what flax
    re-exports of jax.nn, by its JAX name; the name itself otherwise."""
    head, _, last = dotted.rpartition(".")
    if head in ("flax.linen", "flax.linen.activation") and last in FLAX_JAX_NN:
        return f"jax.nn.{last}"
    return dotted


def public_name(dotted: str) -> str:
    """The public name of something of JAX's reached through its private modules
    (`jax._src.api.jit` -> `jax.jit`; `jax._src.api.jit.lower` -> `jax.jit.lower`); the
    name itself otherwise."""
    table = _jax_reexports()
    head, tail = dotted, ""
    while "." in head:
        public = table.get(head)
        if public is not None:
            return public + tail
        head, _, last = head.rpartition(".")
        tail = "." + last + tail
    return dotted


K = TypeVar("K")


def _kept(table: dict[int, tuple[Any, K]], node: ast.AST, compute: Callable[[Any], K]) -> K:
    """The answer kept in `table` for `node`, computed once (the node itself is kept beside
    it: ids of dead nodes recur)."""
    known = table.get(id(node))
    if known is None or known[0] is not node:
        known = table[id(node)] = (node, compute(node))
    return known[1]


# JAX functions that call a function given to them right there (a loop, a branch, a VJP
# taken now), and those that wrap it in a function run when that one is called.
_RUN_THERE = frozenset({
    "jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.cond", "jax.lax.switch",
    "jax.lax.map", "jax.lax.associative_scan", "jax.jvp", "jax.vjp", "jax.linearize",
    "jax.eval_shape"})
WRAPPERS = frozenset({
    "jax.jit", "jax.vmap", "jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev",
    "jax.hessian", "jax.checkpoint", "jax.remat", "jax.pmap", "jax.make_jaxpr", "functools.partial"})


def _end_of(statement: ast.stmt) -> tuple[int, int]:
    return (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)


def _column(node: ast.AST) -> int:
    return getattr(node, "col_offset", 0)


def _same_import(bindings: list[Binding]) -> bool:
    """`import jax` written twice (or in several branches) binds the same module each time."""
    first = bindings[0]
    return first.kind == IMPORT and first.qualname is not None and all(
        b.kind == IMPORT and b.qualname == first.qualname for b in bindings)


# Where a container read as a plain value may be kept by another (`(d, 1)`, `[d]`, `{"k": d}`,
# `*d`, `a or d`, `d if c else e`) or handed out (`yield d`): another name may change it later.
_ALIASING_PARENTS = frozenset({ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Starred, ast.BoolOp,
                               ast.IfExp, ast.Yield, ast.Await})


def _reads_a_slot(use: Use) -> bool:
    """`d[k]` read (then used in any way): the container's slots stay as they are."""
    parent = use.parent
    return type(parent) is ast.Subscript and parent.value is use.node and type(parent.ctx) is ast.Load


def _holds(outer: ast.AST, node: ast.AST) -> bool:
    """Whether `node`'s position lies within `outer`'s."""
    start = (getattr(outer, "lineno", 0), getattr(outer, "col_offset", 0))
    end = (getattr(outer, "end_lineno", None) or start[0], getattr(outer, "end_col_offset", None) or 0)
    return start <= (getattr(node, "lineno", 0), getattr(node, "col_offset", 0)) < end


def _end(node: ast.AST) -> tuple[int, int]:
    return (getattr(node, "end_lineno", None) or 0, getattr(node, "end_col_offset", None) or 0)


def _non_name_targets(target: ast.expr) -> Iterator[ast.expr]:
    """The parts of an assignment target that hold expressions to visit (x[i], x.a, *x[i])."""
    if isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _non_name_targets(element)
    elif isinstance(target, ast.Starred):
        yield from _non_name_targets(target.value)
    elif not isinstance(target, ast.Name):
        yield target


# Node types the walk hands to `_visit`: they open scopes, bind names or open branches.
_SPECIAL = frozenset({
    ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
    ast.DictComp, ast.GeneratorExp, ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal,
    ast.Assign, ast.AnnAssign, ast.NamedExpr, ast.If, ast.IfExp, ast.Try, ast.TryStar, ast.Match,
    ast.MatchAs, ast.MatchStar, ast.MatchMapping, ast.ExceptHandler})
# What `head_use` steps down to, by node type.
_HEADS: dict[type, str] = {ast.Attribute: "value", ast.Subscript: "value", ast.Call: "func",
                           ast.BinOp: "left", ast.Compare: "left", ast.UnaryOp: "operand",
                           ast.Starred: "value"}
# Node types whose parent the rules ask for.
_RECORDED = frozenset({ast.Call, ast.Attribute, ast.Return, ast.Subscript})
_FIELDS: dict[type, tuple[str, ...]] = {}
# Fields that hold no node worth visiting: contexts, operators, comments, plain strings.
_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "type_comment", "kind", "conversion", "is_async",
                          "level", "attr", "arg", "id", "module", "asname", "kwd_attrs"})
Constant, AST = ast.Constant, ast.AST
_VISITORS: dict[type, Callable[[ModuleModel, Any, Scope, tuple[tuple[int, int], ...]], list]] = {
    ast.FunctionDef: ModuleModel._visit_function, ast.AsyncFunctionDef: ModuleModel._visit_function,
    ast.Lambda: ModuleModel._visit_function, ast.ClassDef: ModuleModel._visit_class,
    ast.ListComp: ModuleModel._visit_comprehension, ast.SetComp: ModuleModel._visit_comprehension,
    ast.DictComp: ModuleModel._visit_comprehension,
    ast.GeneratorExp: ModuleModel._visit_comprehension,
    ast.Import: ModuleModel._visit_import, ast.ImportFrom: ModuleModel._visit_import_from,
    ast.Global: ModuleModel._visit_global, ast.Nonlocal: ModuleModel._visit_nonlocal,
    ast.Assign: ModuleModel._visit_assign, ast.AnnAssign: ModuleModel._visit_ann_assign,
    ast.NamedExpr: ModuleModel._visit_named_expr,
    **{kind: ModuleModel._visit_branches for kind in BRANCH_NODES},
    **{kind: ModuleModel._visit_named_pattern
       for kind in (ast.MatchAs, ast.MatchStar, ast.MatchMapping, ast.ExceptHandler)},
}
assert set(_VISITORS) == _SPECIAL
N = TypeVar("N", bound=ast.AST)
# Nodes that store to targets (`stores_in`).
_STORING = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr,
            ast.With, ast.AsyncWith)


# Fields a walk of `nodes_in` skips: plain values (strings, numbers, flags), and the contexts
# and operators (`Load`, `Add`, `In`: no query asks for them).
_VALUE_FIELDS = frozenset({"type_comment", "kind", "conversion", "is_async", "level", "attr",
                           "arg", "id", "module", "asname", "kwd_attrs", "ctx", "op", "ops"})
_ALL_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _walk_all(root: ast.AST) -> list[ast.AST]:
    """Every node under `root` (itself included) in `ast.walk`'s order (breadth first, each
    node's children in `ast.iter_child_nodes`' order), contexts and operators left out."""
    out = [root]
    append, extend = out.append, out.extend
    fields_of = _ALL_FIELDS
    index = 0
    while index < len(out):
        node = out[index]
        index += 1
        kind = type(node)
        fields = fields_of.get(kind)
        if fields is None:
            fields = fields_of[kind] = _all_fields(kind)
        for name, holes in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                if holes:
                    extend([item for item in value if item is not None])
                else:
                    extend(value)
            elif isinstance(value, AST):
                append(value)
    return out


# Lists of nodes that may also hold None: a dict display's keys (`{**spread}`), keyword-only
# parameters' defaults.
_HOLED = frozenset({(ast.Dict, "keys"), (ast.arguments, "kw_defaults")})


def node_fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """The fields of a node type that may hold nodes, each with whether it is a list that
    may also hold None (`_all_fields`, computed once per type)."""
    fields = _ALL_FIELDS.get(kind)
    if fields is None:
        fields = _ALL_FIELDS[kind] = _all_fields(kind)
    return fields


def _all_fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """The fields `_walk_all` reads of a node type, those that may hold nodes, each with
    whether it is a list that may also hold None (other lists hold nodes only)."""
    if kind is ast.Global or kind is ast.Nonlocal:  # names: strings
        return ()
    return tuple((f, (kind, f) in _HOLED) for f in kind._fields  # type: ignore[attr-defined]
                 if f not in _VALUE_FIELDS)


def _note_skipped(node: ast.AST, children: list, walked: list[Any],
                  fixed: dict[int, ast.AST]) -> None:
    """Add to `walked` (as node, parent) the nodes the visitor of `node` steps over: those
    between `node` and the children it hands the walk (`children`, as (child, parent, scope,
    branch)); and to `fixed`, the parent of a child handed under `node` that is one of them."""
    kind = type(node)
    note = walked.append
    if kind is ast.Assign:
        parts = [(t, node) for t in node.targets if type(t) in _TARGET_PARTS]  # type: ignore[attr-defined]
        while parts:
            target, holder = parts.pop()
            note((target, holder))
            part = type(target)
            if part is ast.Starred:
                inner = [target.value]  # type: ignore[attr-defined]
            elif part is ast.Name:
                continue
            else:
                inner = target.elts  # type: ignore[attr-defined]
            for element in inner:
                if type(element) in _TARGET_PARTS:
                    parts.append((element, target))
                else:  # x[i], x.a: handed to the walk under the assignment
                    fixed[id(element)] = target
    elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda:
        args = node.args  # type: ignore[attr-defined]
        note((args, node))
        for arg in (*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg):
            if arg is not None:
                note((arg, args))
                if arg.annotation is not None:
                    fixed[id(arg.annotation)] = arg
        for default in (*args.defaults, *args.kw_defaults):
            if default is not None:
                fixed[id(default)] = args
    elif kind is ast.Import or kind is ast.ImportFrom:
        for alias in node.names:  # type: ignore[attr-defined]
            note((alias, node))
    elif kind in _COMPREHENSIONS:
        for generator in node.generators:  # type: ignore[attr-defined]
            note((generator, node))
            fixed[id(generator.iter)] = generator
            fixed[id(generator.target)] = generator
            for test in generator.ifs:
                fixed[id(test)] = generator
    elif kind is ast.AnnAssign or kind is ast.NamedExpr:
        if type(node.target) is ast.Name:  # type: ignore[attr-defined]
            note((node.target, node))  # type: ignore[attr-defined]
    elif kind is ast.ClassDef and getattr(node, "type_params", None):
        _note_skipped_below(node, children, walked, fixed)


# What an assignment's targets hold that the walk steps over (their leaves, x[i] and x.a, it
# visits).
_TARGET_PARTS = frozenset({ast.Name, ast.Tuple, ast.List, ast.Starred})
_COMPREHENSIONS = frozenset({ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})


def _note_skipped_below(node: ast.AST, children: list, walked: list[Any],
                        fixed: dict[int, ast.AST]) -> None:
    """`_note_skipped` the long way: every node below `node` down to those handed to the walk."""
    handed = {id(item[0]) for item in children}
    fields_of = _ALL_FIELDS
    todo = [node]
    while todo:
        inner = todo.pop()
        kind = type(inner)
        fields = fields_of.get(kind)
        if fields is None:
            fields = fields_of[kind] = _all_fields(kind)
        for name, _ in fields:
            value = getattr(inner, name, None)
            for child in (value if type(value) is list else (value,)):
                if not isinstance(child, AST) or type(child) is Constant:
                    continue
                if id(child) in handed:
                    if inner is not node:
                        fixed[id(child)] = inner
                else:
                    walked.append((child, inner))
                    todo.append(child)


_first, _second = operator.itemgetter(0), operator.itemgetter(1)


def _path(root: ast.AST, node: ast.AST, parents: dict[int, ast.AST]) -> list[ast.AST] | None:
    path = [node]
    while path[-1] is not root:
        parent = parents.get(id(path[-1]))
        if parent is None:
            return None
        path.append(parent)
    path.reverse()
    return path


def _may_be_constant(kind: type | tuple[type, ...]) -> bool:
    """Whether `isinstance(a Constant, kind)` (the model's own walk does not keep them)."""
    return any(issubclass(Constant, k) for k in (kind if isinstance(kind, tuple) else (kind,)))


def _parents_in(nodes: list[ast.AST]) -> dict[int, ast.AST]:
    """id(child) -> parent, for the nodes of one walk (`_walk_all`, the model's own)."""
    parents: dict[int, ast.AST] = {}
    fields_of = _ALL_FIELDS
    for node in nodes:
        kind = type(node)
        fields = fields_of.get(kind)
        if fields is None:
            fields = fields_of[kind] = _all_fields(kind)
        for name, _ in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if item is not None:
                        parents[id(item)] = node
            elif isinstance(value, AST):
                parents[id(value)] = node
    return parents


def _child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node type that may hold child nodes, last first (the walk's order)."""
    return tuple(reversed([f for f in kind._fields if f not in _LEAF_FIELDS]))  # type: ignore[attr-defined]

MUTATING_BUILTINS = frozenset({"builtins.exec", "builtins.eval", "builtins.setattr",
                               "builtins.delattr", "builtins.vars", "builtins.globals"})
