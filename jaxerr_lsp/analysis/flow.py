"""Which definitions of a name can reach a use: a binder with code flow.

The design is pyright's binder and code-flow analysis, with a forward solver. One walk over
the file (on the first question, iterative, so deep nesting cannot overflow the stack) builds
the scopes and, per *flow owner* (the module, each def, lambda, generator expression and type
alias value: code that runs as one frame), a graph of blocks:

- events in each block, in evaluation order: a name defined (`DEF`), maybe defined (`MAYBE`:
  a walrus in a branch of an expression or in a comprehension), deleted (`DEL`), read (a use);
- edges for `if`/`elif`/`else`, `match` (cases, guards, the no-case-matched path), loops with
  their back-edges and `else`, `break`/`continue`/`return`/`raise`, and *exception ranges*: the
  handlers of a `try`, the `finally` of a `try` left abruptly, and what follows a `with` (whose
  context manager may swallow) join the states at every point of a range of blocks.

Class bodies and list/set/dict comprehensions run at once, where they are written: their code
is part of the enclosing owner's graph (their names kept apart by scope). A `finally` body is
laid out twice: once on the normal path (the code after the `try` sees only normal states),
once on the abrupt path (exceptions and `return`/`break`/`continue` through it).

Frames are walked lazily too when the caller says which frames hold a node (the module model
does): the module's frame and the frames that may bind other frames' names (`global`,
`nonlocal`, a walrus) on the first question, any other frame on the first question about a
name it reads.

Questions are answered lazily: reaching definitions are solved per (owner, name) on the first
question about that name (bitmasks over the name's definitions, a pass over the owner's blocks,
repeated only when the owner has loops) and cached. A use whose block defines the name before
it is answered from the block alone.

A use inside a nested function (or lambda, generator expression) of a name bound in an
enclosing scope cannot know when it runs: all definitions of the name in that scope, `exact`
False, `maybe_unbound` when the name may be unbound where the function is created or is
deleted anywhere. Names a nested function assigns through `global`/`nonlocal` (or a walrus in
a generator expression) get the same answer at every use.
"""

from __future__ import annotations

import ast
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Flow", "Reaching"]


@dataclass(frozen=True)
class Reaching:
    """The definitions of a name that can reach a point of the program."""

    scope: ast.AST  # the node of the scope the name belongs to (the Module for a builtin)
    definitions: tuple[ast.AST, ...]  # in source order, no duplicates
    maybe_unbound: bool  # some path reaches the point with the name unbound in that scope
    exact: bool  # False when the flow is not followed (closures, names other functions assign)
    builtin: bool  # no scope of the file binds the name: a builtin, or undefined


# Event kinds.
_DEF, _MAYBE, _DEL = 0, 1, 2
_UNBOUND = 1  # bit 0 of a mask: the name is unbound

# Kinds of scopes. The owners (their own frame, their own flow graph): module, function, lambda,
# generator, alias (the lazily evaluated value of a `type X = ...`). Inline scopes share the
# graph of the code around them: class bodies, comprehensions and the annotation scopes of
# PEP 695 type parameters.
_FUNCTION_LIKE = frozenset({"function", "lambda", "generator", "comprehension", "annotation", "alias"})
_COMPREHENSIONS = frozenset({"comprehension", "generator"})

# Nesting of `finally` bodies laid out twice before they are laid out once (sound, less precise).
_FINALLY_COPIES = 6

_SLOW: Any = object()
Loc = tuple["_Owner", int, int, "list[int] | None"]  # owner, block, seq, comprehension region


class _Scope:
    __slots__ = ("node", "kind", "parent", "owner", "names", "globals", "nonlocals", "resolved",
                 "star", "serial", "plans")

    def __init__(self, node: ast.AST, kind: str, parent: _Scope | None, serial: int) -> None:
        self.node = node
        self.kind = kind
        self.parent = parent
        self.owner: _Owner = None  # type: ignore[assignment]  # set right after
        self.names: set[str] = set()  # the names bound in this scope
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()
        self.resolved: dict[str, _Scope | None] = {}
        self.star = False  # `from m import *` here
        self.serial = serial
        # name -> how a read here is answered: a Reaching (builtins, closures), the _KeyFlow
        # of the name in this frame, or _SLOW (other frames assign it)
        self.plans: dict[str, Any] = {}

    def key(self, name: str) -> Any:
        """The name's key in its owner's graph: the owner's own names are plain strings."""
        return name if self.owner.scope is self else (self.serial, name)


class _KeyFlow:
    """The events of one name in one owner (in order: (seq, block, kind, node)), and the name's
    reaching definitions solved there. Event i defines bit i + 1 of a mask; bit 0 is unbound."""

    __slots__ = ("events", "ins", "answers", "node", "klass")

    def __init__(self, events: list[tuple[int, int, int, ast.AST]]) -> None:
        self.events = events
        self.ins: list[int] | int | None = None
        self.answers: dict[int, Reaching] = {}  # mask -> answer
        self.node: ast.AST | None = None  # the scope's node (set when a read is planned)
        self.klass = False  # a class body's name

    def has_del(self) -> bool:
        return any(event[2] == _DEL for event in self.events)

    def all_definitions(self) -> list[ast.AST]:
        return [event[3] for event in self.events if event[2] != _DEL]

    def decode(self, mask: int) -> tuple[ast.AST, ...]:
        events = self.events
        found = []
        mask >>= 1
        index = 0
        while mask:
            if mask & 1:
                found.append(events[index][3])
            mask >>= 1
            index += 1
        return _in_order(found)

    def entry(self, owner: _Owner, block: int) -> int:
        """The mask reaching the start of a reachable block."""
        if not block:
            return _UNBOUND
        ins = self.ins
        if ins is None:
            ins = self.ins = self._solve(owner)
        if isinstance(ins, int):
            return ins
        return ins[block]

    def _solve(self, owner: _Owner) -> list[int] | int:
        """The mask reaching the start of every block (0: unreachable), or one mask for every
        block but the entry when all the events are in the entry block."""
        events = self.events
        kill: dict[int, bool] = {}
        gen: dict[int, int] = {}
        anygen: dict[int, int] = {}
        for index, (_, block, kind, _) in enumerate(events):
            mask = _UNBOUND if kind == _DEL else 2 << index
            if kind == _MAYBE:
                gen[block] = gen.get(block, 0) | mask
            else:
                kill[block] = True
                gen[block] = mask
            anygen[block] = anygen.get(block, 0) | mask
        if not events or events[-1][1] == 0:
            # The entry block is in no exception range: every other block sees its end.
            if 0 in gen:
                return gen[0] if 0 in kill else _UNBOUND | gen[0]
            return _UNBOUND
        reach = owner.reachable()
        preds, xranges = owner.preds, owner.xranges
        count = len(preds)
        # Blocks before the first event (and outside any loop holding an event) see the name
        # unbound: solve from there on. (Events come in block order.)
        low = events[0][1]
        moved = True
        while moved:
            moved = False
            for head, source in owner.back_edges:
                if source >= low > head:
                    low = head
                    moved = True
        ins = [_UNBOUND if r else 0 for r in reach[:low]]
        ins.extend([0] * (count - low))
        outs = list(ins)
        alls = list(ins)
        while True:
            changed = False
            for block in range(low, count):
                if not reach[block]:
                    continue
                if block == 0:
                    mask = _UNBOUND
                else:
                    mask = 0
                    for pred in preds[block]:
                        mask |= outs[pred]
                    ranges = xranges.get(block)
                    if ranges is not None:
                        for start, end in ranges:
                            for inner in range(start, end):
                                mask |= alls[inner]
                if mask != ins[block]:
                    ins[block] = mask
                    changed = True
                if block in gen:
                    outs[block] = gen[block] if block in kill else mask | gen[block]
                    alls[block] = mask | anygen[block]
                else:
                    outs[block] = alls[block] = mask
            if not changed or not owner.back_edges:
                break
        return ins


class _Owner:
    """A frame's flow graph: blocks (their predecessors and exception ranges) and events."""

    __slots__ = ("scope", "preds", "xranges", "events", "star", "back_edges", "creations",
                 "reach", "flows", "answers")

    def __init__(self, scope: _Scope) -> None:
        self.scope = scope
        self.preds: list[list[int]] = [[]]  # block 0: the entry
        # block -> ranges of blocks [low, high) whose every point flows into the block
        self.xranges: dict[int, list[tuple[int, int]]] = {}
        self.events: dict[Any, list[tuple[int, int, int, ast.AST]]] = {}
        self.star: list[tuple[int, int, int, ast.AST]] = []  # `from m import *` events
        self.back_edges: list[tuple[int, int]] = []  # (loop head, source)
        self.creations: list[Loc] = []  # where the function object is made, in its parent owner
        self.reach: list[bool] | None = None
        self.flows: dict[Any, _KeyFlow] = {}
        self.answers: dict[tuple[int, str], Reaching] = {}  # closures read from here

    def reachable(self) -> list[bool]:
        reach = self.reach
        if reach is None:
            # Forward edges go from lower to higher blocks; a back edge only reaches a loop head
            # already reached from before the loop: one pass in block order.
            preds, xranges = self.preds, self.xranges
            reach = [False] * len(preds)
            reach[0] = True
            for block in range(1, len(preds)):
                if any(reach[p] for p in preds[block]):
                    reach[block] = True
                else:
                    ranges = xranges.get(block)
                    if ranges and any(any(reach[low:high]) for low, high in ranges):
                        reach[block] = True
            self.reach = reach
        return reach

    def flow(self, key: Any) -> _KeyFlow:
        found = self.flows.get(key)
        if found is None:
            events = self.events.get(key, [])
            if self.star and type(key) is str:
                events = sorted([*events, *self.star], key=lambda e: e[0])
            found = self.flows[key] = _KeyFlow(events)
        return found

    def mask_at(self, flow: _KeyFlow, block: int, seq: int, region: list[int] | None) -> int:
        """The definitions of the name of `flow` (a mask) reaching the point `seq` of `block`."""
        reach = self.reach or self.reachable()
        if not reach[block]:
            return 0
        events = flow.events
        index = bisect_left(events, (seq,)) - 1
        mask = 0
        while index >= 0:
            event = events[index]
            if event[1] != block:
                mask |= flow.entry(self, block)
                break
            kind = event[2]
            if kind == _DEL:
                mask |= _UNBOUND
                break
            mask |= 2 << index
            if kind == _DEF:
                break
            index -= 1
        else:
            mask |= flow.entry(self, block)
        if region is not None:
            # In a comprehension, a walrus of an earlier iteration may have run.
            for index in range(bisect_left(events, (region[0],)), bisect_left(events, (region[1],))):
                mask |= _UNBOUND if events[index][2] == _DEL else 2 << index
        return mask


class _Frame:
    """A loop (break/continue targets) or a `finally` (jumps routed through it)."""

    __slots__ = ("loop", "head", "breaks", "jumps")

    def __init__(self, loop: bool, head: int = 0) -> None:
        self.loop = loop
        self.head = head
        self.breaks: list[int] = []
        self.jumps: list[tuple[int, str, int]] = []  # (block, "break"|"continue"|"return", level)


# What the walk does not descend into: contexts, operators, plain strings.
_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "type_comment", "kind", "conversion", "is_async",
                          "level", "attr", "arg", "id", "module", "asname", "kwd_attrs", "name",
                          "names", "simple"})
_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node type that may hold child nodes, last first (the walk pushes them)."""
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = tuple(
            reversed([f for f in kind._fields if f not in _LEAF_FIELDS]))  # type: ignore[attr-defined]
    return fields


def _nothing(_: Any) -> None:
    pass


def _constant_truth(test: ast.expr) -> bool | None:
    if isinstance(test, ast.Constant):
        try:
            return bool(test.value)
        except Exception:  # noqa: BLE001 - any value a constant can hold
            return None
    return None


def _irrefutable(pattern: ast.pattern) -> bool:
    while True:
        if isinstance(pattern, ast.MatchAs):
            if pattern.pattern is None:
                return True
            pattern = pattern.pattern
        elif isinstance(pattern, ast.MatchOr):
            return any(_irrefutable(p) for p in pattern.patterns)
        else:
            return False


_Op = tuple[Callable[[Any], object], Any]


class _Binder:
    """One walk over the file: scopes, and per owner the blocks and their events.

    With `eager` (the owners, each as its chain of owner nodes from the outermost, that must
    be walked at once), the nested owners not in it are walked only when a question needs
    them (`walk_chain`, `walk_all`); without it, every owner is walked at once."""

    def __init__(self, tree: ast.Module, eager: list[list[ast.AST]] | None = None) -> None:
        self.serial = 0
        self.scope_of: dict[int, _Scope] = {}
        self.module = self._scope(tree, "module", None)
        self.module_owner = _Owner(self.module)
        self.module.owner = self.module_owner
        # id(Name) -> where it is read: (scope, owner, block, seq, region), or a list of those
        # when the code is laid out twice (a `finally`). (The tree is alive as long as the Flow:
        # ids of its nodes are not reused.)
        self.uses: dict[int, Any] = {}
        self.statements: dict[int, Any] = {}  # id(stmt) -> the same, where it starts
        self.owner_of: dict[int, _Owner] = {}  # id(def/lambda/genexp node) -> its owner
        # Definitions of a scope's names made by other frames: (scope, name, node, kind), and
        # (declaring scope, name, node, kind) for `nonlocal`, resolved once the walk is done.
        self.externals: list[tuple[_Scope, str, ast.AST, int]] = []
        self.nonlocal_externals: list[tuple[_Scope, str, ast.AST, int]] = []
        # id(owner node) -> the owner made and the items its walk starts with, not walked yet
        self.pending: dict[int, tuple[_Owner, list[Any]]] = {}
        self.aliases: list[int] = []  # the `type X = ...` values made by the walk being run
        self.handlers: dict[type, Callable[[Any], None]] = self._handlers()
        self._cond_enter_op: _Op = (self._cond_enter, None)
        self._cond_exit_op: _Op = (self._cond_exit, None)
        # Per-owner state of the walk.
        self.owner = self.module_owner
        self.scope = self.module
        self.block = 0
        self.seq = 0
        self.cond = 0  # inside a branch of an expression (walrus targets may stay unbound)
        self.region: list[int] | None = None  # the outermost comprehension being walked
        self.frames: list[_Frame] = []
        self.finally_depth = 0
        self.ranges = 0  # exception ranges open (try, with)
        self.ctx: tuple[_Scope, _Owner, int, int, list[int] | None] = (
            self.module, self.module_owner, 0, 0, None)
        self.saved: list[tuple[_Scope, int, list[int] | None]] = []  # around comprehensions
        self.stack: list[Any] = []
        self._run(self.module_owner, list(reversed(tree.body)))
        if eager is None:
            self.walk_all()
        else:
            for chain in eager:
                if not self.walk_chain(chain):
                    self.walk_all()
                    break

    def walk_all(self) -> None:
        """Walk every owner not walked yet."""
        pending = self.pending
        while pending:
            self._run(*pending.popitem()[1])

    def walk_chain(self, chain: list[ast.AST]) -> bool:
        """Walk the owners of `chain` (def, lambda, generator expression nodes, the outermost
        first) not walked yet; False when one of them is not an owner the walks made."""
        for node in chain:
            entry = self.pending.pop(id(node), None)
            if entry is not None:
                self._run(*entry)
            elif id(node) not in self.owner_of:
                return False
        return True

    # ------------------------------------------------------------------ scopes and owners
    def _scope(self, node: ast.AST, kind: str, parent: _Scope | None, key: int = 0) -> _Scope:
        """The scope `node` opens (`key`: -id(node) for the annotation scope of a generic def or
        class, whose own scope is keyed by id(node))."""
        key = key or id(node)
        known = self.scope_of.get(key)
        if known is not None:
            return known  # a `finally` body walked again
        self.serial += 1
        scope = _Scope(node, kind, parent, self.serial)
        if parent is not None:
            scope.owner = parent.owner
        self.scope_of[key] = scope
        return scope

    def _nested_owner(self, node: ast.AST, kind: str, items: Callable[[], list[Any]]) -> _Owner | None:
        """The owner of a def, lambda, generator expression or alias value; None when it was
        made already (a `finally` laid out twice: one more place where it is created)."""
        known = self.owner_of.get(id(node))
        if known is not None:
            return known
        scope = self._scope(node, kind, self.scope)
        owner = _Owner(scope)
        scope.owner = owner
        self.owner_of[id(node)] = owner
        self.pending[id(node)] = (owner, items())
        if kind == "alias":
            self.aliases.append(id(node))
        return owner

    def _created(self, owner: _Owner | None) -> None:
        if owner is not None:
            owner.creations.append(self.ctx[1:])

    # ------------------------------------------------------------------ blocks
    def _start(self, preds: list[int]) -> int:
        preds_of = self.owner.preds
        block = len(preds_of)
        preds_of.append(preds)
        self.block = block
        self.ctx = (self.scope, self.owner, block, self.seq, self.region)
        return block

    def _sync(self) -> None:
        """The context every use and statement records: (scope, owner, block, seq, region),
        one tuple shared until one of them changes."""
        self.ctx = (self.scope, self.owner, self.block, self.seq, self.region)

    def _dead(self) -> None:
        """What follows a jump: a block nothing reaches."""
        self._start([])

    def _jump(self, kind: str, source: int, level: int) -> None:
        frames = self.frames
        while level >= 0:
            frame = frames[level]
            if not frame.loop:
                frame.jumps.append((source, kind, level))
                return
            if kind != "return":
                if kind == "break":
                    frame.breaks.append(source)
                else:
                    self._back_edge(frame.head, source)
                return
            level -= 1

    # ------------------------------------------------------------------ events
    def _bind(self, name: str, node: ast.AST, kind: int = _DEF, scope: _Scope | None = None) -> None:
        """`name` bound by `node` in `scope` (the current one by default), or in the module or
        an enclosing function when the scope declares it global or nonlocal."""
        scope = self.scope if scope is None else scope
        if name in scope.globals and scope is not self.module:
            target = self.module
        elif name in scope.nonlocals:
            self.nonlocal_externals.append((scope, name, node, kind))
            return
        else:
            target = scope
        target.names.add(name)
        self._event(target, name, node, kind)

    def _event(self, target: _Scope, name: str, node: ast.AST, kind: int) -> None:
        owner = target.owner
        if owner is self.owner:
            key = name if target is owner.scope else (target.serial, name)
            events = owner.events.get(key)
            if events is None:
                events = owner.events[key] = []
            events.append((self.seq, self.block, kind, node))
            self.seq += 1
            self.ctx = (self.scope, owner, self.block, self.seq, self.region)
        else:
            self.externals.append((target, name, node, kind))

    def _walrus(self, name: str, node: ast.AST) -> None:
        scope = self.scope
        while scope.kind in _COMPREHENSIONS and scope.parent is not None:
            scope = scope.parent
        self._bind(name, node, _MAYBE if self.cond or scope is not self.scope else _DEF, scope)

    def _local(self, name: str) -> None:
        """`x: int` without a value binds nothing, yet makes `x` local."""
        scope = self.scope
        if name not in scope.globals and name not in scope.nonlocals:
            scope.names.add(name)

    def _use(self, node: ast.AST) -> None:
        context = self.ctx
        known = self.uses.setdefault(id(node), context)
        if known is not context:
            self._again(self.uses, id(node), known, context)

    @staticmethod
    def _again(table: dict[int, Any], key: int, known: Any, record: Any) -> None:
        """A node walked twice (in the two layouts of a `finally`): a list of its records."""
        if type(known) is list:
            known.append(record)
        else:
            table[key] = [known, record]

    def _statement(self, node: ast.stmt) -> None:
        context = self.ctx
        known = self.statements.setdefault(id(node), context)
        if known is not context:
            self._again(self.statements, id(node), known, context)

    # ------------------------------------------------------------------ the walk
    def _run(self, owner: _Owner, items: list[Any]) -> None:
        self.owner = owner
        self.scope = owner.scope
        self.block = 0
        self.seq = 0
        self.cond = 0
        self.region = None
        self.frames = []
        self.finally_depth = 0
        self.ranges = 0
        self.saved = []
        self._sync()
        uses = self.uses
        setdefault = uses.setdefault
        stack = self.stack = items
        pop, push = stack.pop, stack.append
        # type -> its handler, or (for the expressions walked alike) the fields to walk
        table: dict[type, Any] = self.handlers
        Name, Load, Store, Constant = ast.Name, ast.Load, ast.Store, ast.Constant
        Attribute, Call = ast.Attribute, ast.Call
        while stack:
            item = pop()
            kind = type(item)
            if kind is Name:
                context = type(item.ctx)
                if context is Load:
                    here = self.ctx
                    known = setdefault(id(item), here)
                    if known is not here:
                        self._again(uses, id(item), known, here)
                elif context is Store:
                    self._bind(item.id, item)
                else:  # del x: read, then unbound
                    self._use(item)
                    self._bind(item.id, item, _DEL)
                continue
            # The most common expressions, walked as the generic case below would, without
            # its table and field loop: `a.b` (its value, a name read there and then), and
            # calls (the keywords' values pushed without their `keyword` nodes, the callee
            # last: walked next).
            if kind is Attribute or kind is Call:
                if kind is Call:
                    for keyword in reversed(item.keywords):
                        value = keyword.value
                        if type(value) is not Constant:
                            push(value)
                    for value in reversed(item.args):
                        if type(value) is not Constant:
                            push(value)
                    value = item.func
                else:
                    value = item.value
                if type(value) is Name and type(value.ctx) is Load:
                    here = self.ctx
                    known = setdefault(id(value), here)
                    if known is not here:
                        self._again(uses, id(value), known, here)
                elif type(value) is not Constant:
                    push(value)
                continue
            entry = table.get(kind)
            if entry is None:
                if kind is tuple:  # an operation (function, argument)
                    item[0](item[1])
                    continue
                entry = table[kind] = _child_fields(kind)
            if type(entry) is not tuple:
                entry(item)  # type: ignore[operator]
                continue
            # The fields of an expression hold nodes, lists of nodes, or None.
            for field in entry:
                value = getattr(item, field)
                if type(value) is list:
                    for child in reversed(value):
                        if child is not None and type(child) is not Constant:
                            push(child)
                elif value is not None and type(value) is not Constant:
                    push(value)
        # The owner's events are in order of seq. The values of the `type X = ...` it holds
        # are walked with it (they are owners the callers of `walk_chain` cannot name).
        if self.aliases:
            made, self.aliases = self.aliases, []
            for key in made:
                entry = self.pending.pop(key, None)
                if entry is not None:
                    self._run(*entry)

    def _push_all(self, items: list[Any]) -> None:
        """Push items to be walked in the order given."""
        self.stack.extend(reversed(items))

    def _handlers(self) -> dict[type, Callable[[Any], None]]:
        table: dict[type, Callable[[Any], None]] = {
            ast.FunctionDef: self._function_def, ast.AsyncFunctionDef: self._function_def,
            ast.ClassDef: self._class_def, ast.Return: self._return, ast.Delete: self._delete,
            ast.Assign: self._assign, ast.AugAssign: self._aug_assign,
            ast.AnnAssign: self._ann_assign, ast.For: self._for, ast.AsyncFor: self._for,
            ast.While: self._while, ast.If: self._if, ast.With: self._with,
            ast.AsyncWith: self._with, ast.Match: self._match, ast.Raise: self._raise,
            ast.Try: self._try, ast.TryStar: self._try, ast.Assert: self._assert,
            ast.Import: self._import, ast.ImportFrom: self._import, ast.Global: self._global,
            ast.Nonlocal: self._nonlocal, ast.Expr: self._expr, ast.Pass: self._statement,
            ast.Break: self._break, ast.Continue: self._continue,
            ast.NamedExpr: self._named_expr, ast.Lambda: self._lambda,
            ast.ListComp: self._comprehension, ast.SetComp: self._comprehension,
            ast.DictComp: self._comprehension, ast.GeneratorExp: self._generator,
            ast.BoolOp: self._bool_op, ast.IfExp: self._if_exp, ast.Compare: self._compare,
            ast.Dict: self._dict,
            ast.Constant: _nothing,  # (handlers push them; the walk itself skips them)
        }
        type_alias = getattr(ast, "TypeAlias", None)
        if type_alias is not None:
            table[type_alias] = self._type_alias
        return table

    def _op(self, function: Callable[[Any], object], argument: Any = None) -> _Op:
        return (function, argument)

    # ------------------------------------------------------------------ simple statements
    def _expr(self, node: ast.Expr) -> None:
        self._statement(node)
        self.stack.append(node.value)

    def _delete(self, node: ast.Delete) -> None:
        self._statement(node)
        self.stack.extend(reversed(node.targets))

    def _return(self, node: ast.Return) -> None:
        self._statement(node)
        self.stack.append(self._op(self._do_jump, "return"))
        if node.value is not None:
            self.stack.append(node.value)

    def _break(self, node: ast.Break) -> None:
        self._statement(node)
        self._do_jump("break")

    def _continue(self, node: ast.Continue) -> None:
        self._statement(node)
        self._do_jump("continue")

    def _do_jump(self, kind: str) -> None:
        self._jump(kind, self.block, len(self.frames) - 1)
        self._dead()

    def _raise(self, node: ast.Raise) -> None:
        self._statement(node)
        self.stack.append(self._op(lambda _: self._dead()))
        self._push_all([x for x in (node.exc, node.cause) if x is not None])

    def _assign(self, node: ast.Assign) -> None:
        self._statement(node)
        stack = self.stack
        stack.extend(reversed(node.targets))
        stack.append(node.value)

    def _aug_assign(self, node: ast.AugAssign) -> None:
        self._statement(node)
        target = node.target
        if isinstance(target, ast.Name):
            self._use(target)  # read before the value is evaluated, stored after
            self._push_all([node.value, self._op(lambda t: self._bind(t.id, t), target)])
        else:
            # The target's parts are loads (Store context on the Attribute/Subscript itself).
            self._push_all([target, node.value])

    def _ann_assign(self, node: ast.AnnAssign) -> None:
        self._statement(node)
        target = node.target
        items: list[Any] = []
        if node.value is not None:
            items.append(node.value)
            items.append(target)
        elif isinstance(target, ast.Name):
            self._local(target.id)
        else:
            items.append(target)  # `a.b: int`: a is evaluated
        items.append(node.annotation)
        self._push_all(items)

    def _global(self, node: ast.Global) -> None:
        self._statement(node)
        self.scope.globals.update(node.names)

    def _nonlocal(self, node: ast.Nonlocal) -> None:
        self._statement(node)
        self.scope.nonlocals.update(node.names)

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        self._statement(node)
        for alias in node.names:
            if alias.name == "*":
                owner = self.scope.owner
                if self.scope is self.module and owner is self.owner:
                    self.module.star = True
                    owner.star.append((self.seq, self.block, _MAYBE, alias))
                    self.seq += 1
                    self._sync()
                continue
            if alias.asname is not None:
                name = alias.asname
            elif isinstance(node, ast.Import):
                name = alias.name.split(".", 1)[0]
            else:
                name = alias.name
            self._bind(name, alias)

    def _assert(self, node: ast.Assert) -> None:
        # Under -O the statement is skipped: what it binds may stay unbound.
        self._statement(node)
        self.cond += 1
        self._push_all([x for x in (node.test, node.msg, self._cond_exit_op) if x is not None])

    def _cond_exit(self, _: Any) -> None:
        self.cond -= 1

    def _cond_enter(self, _: Any) -> None:
        self.cond += 1

    # ------------------------------------------------------------------ defs and classes
    def _arguments(self, args: ast.arguments) -> list[ast.arg]:
        every = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
        return [a for a in every if a is not None]

    def _defaults(self, args: ast.arguments) -> list[ast.expr]:
        return [d for d in (*args.defaults, *args.kw_defaults) if d is not None]

    def _type_params(self, node: ast.AST) -> list[Any]:
        return list(getattr(node, "type_params", None) or ())

    def _function_def(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._statement(node)
        items: list[Any] = [*node.decorator_list, *self._defaults(node.args)]
        annotations = [a.annotation for a in self._arguments(node.args) if a.annotation is not None]
        if node.returns is not None:
            annotations.append(node.returns)
        params = self._type_params(node)
        if params:
            items.append(self._op(self._enter_annotation_scope, node))
        items.extend(annotations)
        items.append(self._op(self._make_function, node))
        if params:
            items.append(self._op(self._exit_annotation_scope, node))
        items.append(self._op(lambda n: self._bind(n.name, n), node))
        items.append(self._op(lambda n: self._created(self.owner_of.get(id(n))), node))
        self._push_all(items)

    def _make_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        kind = "lambda" if isinstance(node, ast.Lambda) else "function"
        args = self._arguments(node.args)
        body: list[Any] = [node.body] if isinstance(node, ast.Lambda) else node.body
        owner = self._nested_owner(node, kind, lambda: [
            *reversed(body), self._op(self._bind_parameters, args)])
        if isinstance(node, ast.Lambda):
            self._created(owner)

    def _bind_parameters(self, args: list[ast.arg]) -> None:
        for arg in args:
            self._bind(arg.arg, arg)

    def _enter_annotation_scope(self, node: ast.AST) -> None:
        scope = self._scope(node, "annotation", self.scope, -id(node))
        self.scope = scope
        self._sync()
        params = self._type_params(node)
        for param in params:
            self._bind(param.name, param)
        self._push_all(params)  # their bounds and defaults

    def _exit_annotation_scope(self, node: ast.AST) -> None:
        assert self.scope.parent is not None
        self.scope = self.scope.parent
        self._sync()

    def _class_def(self, node: ast.ClassDef) -> None:
        self._statement(node)
        items: list[Any] = list(node.decorator_list)
        params = self._type_params(node)
        if params:
            items.append(self._op(self._enter_annotation_scope, node))
        items.extend(node.bases)
        items.extend(k.value for k in node.keywords)
        items.append(self._op(self._enter_class, node))
        items.extend(node.body)
        items.append(self._op(self._exit_class, node))
        if params:
            items.append(self._op(self._exit_annotation_scope, node))
        items.append(self._op(lambda n: self._bind(n.name, n), node))
        self._push_all(items)

    def _enter_class(self, node: ast.ClassDef) -> None:
        self.scope = self._scope(node, "class", self.scope)
        self._sync()

    def _exit_class(self, node: ast.ClassDef) -> None:
        assert self.scope.parent is not None
        self.scope = self.scope.parent
        self._sync()

    def _lambda(self, node: ast.Lambda) -> None:
        self._push_all([*self._defaults(node.args), self._op(self._make_function, node)])

    def _type_alias(self, node: Any) -> None:
        self._statement(node)
        self._bind(node.name.id, node.name)
        params = self._type_params(node)
        owner = self._nested_owner(node, "alias", lambda: [
            node.value, self._op(self._bind_parameters_of_alias, params)])
        self._created(owner)

    def _bind_parameters_of_alias(self, params: list[Any]) -> None:
        for param in params:
            self._bind(param.name, param)
        self._push_all(params)  # their bounds and defaults

    # ------------------------------------------------------------------ expressions
    def _named_expr(self, node: ast.NamedExpr) -> None:
        self._push_all([node.value, self._op(lambda t: self._walrus(t.id, t), node.target)])

    def _bool_op(self, node: ast.BoolOp) -> None:
        first, *rest = node.values
        self._push_all([first, self._cond_enter_op, *rest, self._cond_exit_op])

    def _if_exp(self, node: ast.IfExp) -> None:
        self._push_all([node.test, self._cond_enter_op, node.body, node.orelse,
                        self._cond_exit_op])

    def _compare(self, node: ast.Compare) -> None:
        stack = self.stack
        comparators = node.comparators
        if len(comparators) == 1:
            stack.append(comparators[0])
            stack.append(node.left)
            return
        # a < b < c: c is evaluated only when a < b.
        first, *rest = comparators
        self._push_all([node.left, first, self._cond_enter_op, *rest, self._cond_exit_op])

    def _dict(self, node: ast.Dict) -> None:
        items: list[Any] = []
        for key, value in zip(node.keys, node.values):
            if key is not None:
                items.append(key)
            items.append(value)
        self._push_all(items)

    def _comprehension_items(self, node: Any) -> list[Any]:
        """Everything a comprehension evaluates in its own scope, in order."""
        items: list[Any] = []
        for position, generator in enumerate(node.generators):
            if position:
                items.append(generator.iter)
            items.append(generator.target)
            items.extend(generator.ifs)
        if isinstance(node, ast.DictComp):
            items.extend((node.key, node.value))
        else:
            items.append(node.elt)
        return items

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.DictComp) -> None:
        self._push_all([node.generators[0].iter, self._op(self._enter_comprehension, node),
                        *self._comprehension_items(node), self._op(self._exit_comprehension)])

    def _enter_comprehension(self, node: ast.AST) -> None:
        # The region (where a walrus of an earlier iteration may have run) is opened by the
        # outermost comprehension.
        self.saved.append((self.scope, self.cond, self.region))
        self.scope = self._scope(node, "comprehension", self.scope)
        self.cond = 0
        if self.region is None:
            self.region = [self.seq, self.seq]
        self._sync()

    def _exit_comprehension(self, _: Any) -> None:
        scope, cond, region = self.saved.pop()
        if region is None and self.region is not None:
            self.region[1] = self.seq
        self.scope, self.cond, self.region = scope, cond, region
        self._sync()

    def _generator(self, node: ast.GeneratorExp) -> None:
        self._push_all([node.generators[0].iter, self._op(self._make_generator, node)])

    def _make_generator(self, node: ast.GeneratorExp) -> None:
        items = self._comprehension_items(node)
        owner = self._nested_owner(node, "generator", lambda: [
            self._op(self._close_generator_region), *reversed(items),
            self._op(self._open_generator_region)])
        self._created(owner)

    def _open_generator_region(self, _: Any) -> None:
        self.region = [self.seq, self.seq]
        self._sync()

    def _close_generator_region(self, _: Any) -> None:
        assert self.region is not None
        self.region[1] = self.seq
        self.region = None
        self._sync()

    # ------------------------------------------------------------------ compound statements
    def _if(self, node: ast.If) -> None:
        self._statement(node)
        truth = _constant_truth(node.test)

        def branches(_: Any) -> None:
            test_end = self.block
            self._start([test_end] if truth is not False else [])

            def orelse(_: Any) -> None:
                then_end = self.block
                if not node.orelse:
                    self._start([then_end, test_end] if truth is not True else [then_end])
                    return
                self._start([test_end] if truth is not True else [])
                self._push_all([*node.orelse, self._op(lambda _: self._start([then_end, self.block]))])

            self._push_all([*node.body, self._op(orelse)])

        self._push_all([node.test, self._op(branches)])

    def _while(self, node: ast.While) -> None:
        self._statement(node)
        truth = _constant_truth(node.test)
        head = self._start([self.block])
        frame = _Frame(True, head)

        def body(_: Any) -> None:
            test_end = self.block
            self.frames.append(frame)
            self._start([test_end] if truth is not False else [])

            def done(_: Any) -> None:
                self._back_edge(head, self.block)
                self.frames.pop()
                leave = [test_end] if truth is not True else []
                if node.orelse:
                    self._start(leave)
                    self._push_all([*node.orelse, self._op(
                        lambda _: self._start([self.block, *frame.breaks]))])
                else:
                    self._start(leave + frame.breaks)

            self._push_all([*node.body, self._op(done)])

        self._push_all([node.test, self._op(body)])

    def _back_edge(self, head: int, source: int) -> None:
        self.owner.preds[head].append(source)
        self.owner.back_edges.append((head, source))

    def _for(self, node: ast.For | ast.AsyncFor) -> None:
        self._statement(node)

        def loop(_: Any) -> None:
            head = self._start([self.block])
            frame = _Frame(True, head)
            self.frames.append(frame)
            self._start([head])

            def done(_: Any) -> None:
                self._back_edge(head, self.block)
                self.frames.pop()
                if node.orelse:
                    self._start([head])
                    self._push_all([*node.orelse, self._op(
                        lambda _: self._start([self.block, *frame.breaks]))])
                else:
                    self._start([head, *frame.breaks])

            self._push_all([node.target, *node.body, self._op(done)])

        self._push_all([node.iter, self._op(loop)])

    def _with(self, node: ast.With | ast.AsyncWith) -> None:
        # A context manager may swallow an exception raised anywhere in the body: after the
        # statement, the states of every point of it join.
        self._statement(node)
        low = [0]

        def open_range(_: Any) -> None:
            low[0] = self._start([self.block])
            self.ranges += 1

        def close_range(_: Any) -> None:
            self.ranges -= 1
            high = len(self.owner.preds)
            after = self._start([self.block])
            self.owner.xranges[after] = [(low[0], high)]

        items: list[Any] = []
        for position, item in enumerate(node.items):
            items.append(item.context_expr)
            if position == 0:
                items.append(self._op(open_range))
            if item.optional_vars is not None:
                items.append(item.optional_vars)
        self._push_all([*items, *node.body, self._op(close_range)])

    def _try(self, node: ast.Try | ast.TryStar) -> None:
        self._statement(node)
        star = isinstance(node, ast.TryStar)
        frame = _Frame(False) if node.finalbody else None
        low = [0, 0]  # first block of the body; first block after it
        ends: list[int] = []  # where the statement completes normally (before `finally`)
        handler_ends: list[int] = []
        no_match = [0]  # the block where the previous handler did not match

        def open_body(_: Any) -> None:
            if frame is not None:
                self.frames.append(frame)
            self.ranges += 1
            low[0] = self._start([self.block])

        def body_done(_: Any) -> None:
            low[1] = len(self.owner.preds)
            self._start([self.block])  # the else clause

        def else_done(_: Any) -> None:
            ends.append(self.block)
            if node.handlers:
                label = self._start([])
                self.owner.xranges[label] = [(low[0], low[1])]
                no_match[0] = label

        def handler_test(handler: ast.ExceptHandler) -> None:
            self._start([no_match[0], *handler_ends] if star else [no_match[0]])
            self._push_all([*([handler.type] if handler.type is not None else []),
                            self._op(handler_body, handler)])

        def handler_body(handler: ast.ExceptHandler) -> None:
            no_match[0] = self.block
            first = self._start([self.block])
            if handler.name is None:
                self._push_all([*handler.body, self._op(handler_done)])
                return
            self._bind(handler.name, handler)
            # `except E as e:` is `try: body finally: del e`.
            cleanup = _Frame(False)
            self.frames.append(cleanup)

            def unbind(_: Any) -> None:
                self.frames.pop()
                assert handler.name is not None
                self._bind(handler.name, handler, _DEL)
                if cleanup.jumps or self.ranges:
                    normal = self.block
                    high = len(self.owner.preds)
                    abrupt = self._start([j[0] for j in cleanup.jumps])
                    self.owner.xranges[abrupt] = [(first, high)]
                    self._bind(handler.name, handler, _DEL)
                    self._reroute(cleanup.jumps)
                    self._start([normal])
                handler_done(None)

            self._push_all([*handler.body, self._op(unbind)])

        def handler_done(_: Any) -> None:
            ends.append(self.block)
            handler_ends.append(self.block)

        def finish(_: Any) -> None:
            self.ranges -= 1
            if frame is None:
                self._start(ends)
                return
            self.frames.pop()
            high = len(self.owner.preds)
            jumps = [j[0] for j in frame.jumps]
            self.finally_depth += 1
            if self.finally_depth > _FINALLY_COPIES:
                merged = self._start(ends + jumps)
                self.owner.xranges[merged] = [(low[0], high)]

                def merged_done(_: Any) -> None:
                    self.finally_depth -= 1
                    self._reroute(frame.jumps)
                    self._start([self.block])

                self._push_all([*node.finalbody, self._op(merged_done)])
                return
            self._start(ends)

            def normal_done(_: Any) -> None:
                normal = self.block
                abrupt = self._start(jumps)
                self.owner.xranges[abrupt] = [(low[0], high)]

                def abrupt_done(_: Any) -> None:
                    self.finally_depth -= 1
                    self._reroute(frame.jumps)
                    self._start([normal])

                self._push_all([*node.finalbody, self._op(abrupt_done)])

            self._push_all([*node.finalbody, self._op(normal_done)])

        self._push_all([self._op(open_body), *node.body, self._op(body_done), *node.orelse,
                        self._op(else_done),
                        *[self._op(handler_test, h) for h in node.handlers],
                        self._op(finish)])

    def _reroute(self, jumps: list[tuple[int, str, int]]) -> None:
        """Continue the jumps that went through a `finally` from where its body ends."""
        source = self.block
        for _, kind, level in jumps:
            self._jump(kind, source, level - 1)

    def _match(self, node: ast.Match) -> None:
        self._statement(node)
        ends: list[int] = []
        no_match: list[list[int]] = [[]]

        def cases(_: Any) -> None:
            no_match[0] = [self.block]

        def case_start(case: ast.match_case) -> None:
            before = self._start(no_match[0])
            values: list[ast.expr] = []
            captures: list[tuple[str, ast.pattern]] = []
            patterns: list[ast.pattern] = [case.pattern]
            while patterns:
                pattern = patterns.pop()
                if isinstance(pattern, ast.MatchValue):
                    values.append(pattern.value)
                elif isinstance(pattern, ast.MatchSequence):
                    patterns.extend(pattern.patterns)
                elif isinstance(pattern, ast.MatchMapping):
                    values.extend(pattern.keys)
                    patterns.extend(pattern.patterns)
                    if pattern.rest is not None:
                        captures.append((pattern.rest, pattern))
                elif isinstance(pattern, ast.MatchClass):
                    values.append(pattern.cls)
                    patterns.extend(pattern.patterns)
                    patterns.extend(pattern.kwd_patterns)
                elif isinstance(pattern, ast.MatchStar):
                    if pattern.name is not None:
                        captures.append((pattern.name, pattern))
                elif isinstance(pattern, ast.MatchAs):
                    if pattern.pattern is not None:
                        patterns.append(pattern.pattern)
                    if pattern.name is not None:
                        captures.append((pattern.name, pattern))
                elif isinstance(pattern, ast.MatchOr):
                    patterns.extend(pattern.patterns)
            # CPython binds the captures once the whole pattern matched; the alternatives of
            # an or-pattern bind the same names (one of them did).
            captures.sort(key=lambda c: (c[1].lineno, c[1].col_offset))
            self._push_all([*values, self._op(bind_captures, (case, captures, before))])

        def bind_captures(argument: tuple[ast.match_case, list[tuple[str, ast.pattern]], int]) -> None:
            case, captures, before = argument
            self._start([before])
            seen: set[str] = set()
            for name, capture in captures:
                self._bind(name, capture, _MAYBE if name in seen else _DEF)
                seen.add(name)
            guard = [case.guard] if case.guard is not None else []
            self._push_all([*guard, self._op(case_body, (case, before))])

        def case_body(argument: tuple[ast.match_case, int]) -> None:
            case, before = argument
            guard_end = self.block
            failed = [] if case.guard is None and _irrefutable(case.pattern) else [before]
            if case.guard is not None:
                failed.append(guard_end)
            no_match[0] = failed
            self._start([guard_end])
            self._push_all([*case.body, self._op(lambda _: ends.append(self.block))])

        self._push_all([node.subject, self._op(cases), *[self._op(case_start, c) for c in node.cases],
                        self._op(lambda _: self._start(ends + no_match[0]))])


class Flow:
    """The code flow of a module: which definitions reach a use of a name.

    Nothing is computed until the first question; then one walk binds the whole file, and each
    (frame, name) is solved on the first question about it.

    With `locate` (a node -> the chain of owner nodes that hold it, the outermost first: defs,
    lambdas, generator expressions; None when unknown) and `eager` (nodes, of the scopes that
    hold a `global`, `nonlocal` or walrus: their frames may bind names of other frames), the
    first question walks the module's frame and the frames of `eager` only, and each other
    frame is walked on the first question about a name it reads.
    """

    def __init__(self, tree: ast.Module,
                 locate: Callable[[ast.AST], list[ast.AST] | None] | None = None,
                 eager: Callable[[], list[ast.AST]] | None = None) -> None:
        self.tree = tree
        self._locate = locate
        self._eager = eager
        self._binder: _Binder | None = None
        self._externals: dict[tuple[int, str], list[tuple[ast.AST, int]]] | None = None
        self._builtin = Reaching(tree, (), True, True, True)
        self._all: dict[tuple[int, str, bool], Reaching] = {}  # answers of `_everything`

    # ------------------------------------------------------------------ questions
    def reaching(self, use: ast.Name) -> Reaching | None:
        """The definitions that can reach `use`: a Name read (Load context), the target Name of
        an augmented assignment (read before it is stored) or a Name deleted. None when `use`
        is not such a name of the tree."""
        binder = self._binder or self._bind()
        context = binder.uses.get(id(use))
        if context is None:
            context = self._walk_to(use, binder.uses)
            if context is None:
                return None
        if type(context) is list:
            return self._answer(use.id, context[0][0], [c[1:] for c in context],
                                type(use.ctx) is not ast.Del)
        scope = context[0]
        plan = scope.plans.get(use.id)
        if plan is None:
            plan = self._plan(scope, use.id)
        if type(plan) is not _KeyFlow:
            if plan is _SLOW:
                return self._answer(use.id, scope, [context[1:]], type(use.ctx) is not ast.Del)
            return plan  # type: ignore[no-any-return]
        mask = context[1].mask_at(plan, context[2], context[3], context[4])
        if mask & _UNBOUND and plan.klass:
            return self._answer(use.id, scope, [context[1:]], type(use.ctx) is not ast.Del)
        answer = plan.answers.get(mask)
        if answer is None:
            answer = plan.answers[mask] = _reaching(
                plan.node, plan.decode(mask), bool(mask & _UNBOUND), True, False)
        return answer

    def _plan(self, scope: _Scope, name: str) -> Any:
        binder = self._binder or self._bind()
        target = _resolve(name, scope, binder.module)
        plan: Any
        if target is None:
            plan = self._builtin
        elif self._externals_of(target, name) is not None:
            plan = _SLOW
        elif target.owner is not scope.owner:
            plan = self._answer_in(target, name, [(scope.owner, 0, 0, None)])
        else:
            plan = scope.owner.flow(target.key(name))
            plan.node = target.node
            plan.klass = target.kind == "class"
        scope.plans[name] = plan
        return plan

    def reaching_at(self, name: str, scope: ast.AST, before: ast.stmt) -> Reaching | None:
        """The definitions of `name`, read in the scope `scope` opens (the Module, a def,
        lambda, class or comprehension node), that reach the point just before the statement
        `before` (a statement of that scope, at any depth of its compound statements). None
        when `before` is not a statement of that scope."""
        binder = self._binder or self._bind()
        if binder.pending and (id(scope) not in binder.scope_of or id(before) not in binder.statements):
            binder.walk_all()
        opened = binder.scope_of.get(id(scope))
        record = binder.statements.get(id(before))
        if opened is None or opened.node is not scope or record is None:
            return None
        contexts = record if type(record) is list else [record]
        if contexts[0][0] is not opened:
            return None
        return self._answer(name, opened, [c[1:] for c in contexts])

    def release(self) -> None:
        """Break the scope <-> owner cycles of the binder, so that it (and the tree its events
        hold) is freed at once by reference counting, not left to a cyclic collection that
        would traverse it all."""
        binder, self._binder = self._binder, None
        self._locate = self._eager = None
        self._externals = None
        self._all.clear()
        if binder is None:
            return
        for scope in binder.scope_of.values():
            scope.owner = None  # type: ignore[assignment]
            scope.parent = None
            scope.plans.clear()
            scope.resolved.clear()
        binder.module.owner = None  # type: ignore[assignment]
        binder.owner_of.clear()
        binder.uses.clear()
        binder.statements.clear()
        binder.handlers.clear()
        binder.__dict__.clear()

    # ------------------------------------------------------------------ answers
    def _bind(self) -> _Binder:
        binder = self._binder
        if binder is None:
            locate, eager = self._locate, self._eager
            chains: list[list[ast.AST]] | None = None
            if locate is not None and eager is not None:
                chains = []
                for node in eager():
                    chain = locate(node)
                    if chain is None:
                        chains = None  # unknown: walk everything
                        break
                    chains.append(chain)
            binder = self._binder = _Binder(self.tree, chains)
        return binder

    def _walk_to(self, node: ast.AST, table: dict[int, Any]) -> Any:
        """What `table` (the binder's uses, statements or scopes) holds for `node` once the
        frames holding it are walked: those `locate` names, or else every frame."""
        binder = self._binder or self._bind()
        if not binder.pending:
            return None
        chain = self._locate(node) if self._locate is not None else None
        if chain is not None and binder.walk_chain(chain):
            found = table.get(id(node))
            if found is not None:
                return found
        binder.walk_all()
        return table.get(id(node))

    def _answer(self, name: str, scope: _Scope, locations: list[Loc],
                read: bool = True) -> Reaching:
        binder = self._binder or self._bind()
        target = _resolve(name, scope, binder.module)
        if target is None:
            return self._builtin
        answer = self._answer_in(target, name, locations)
        module = binder.module
        if target.kind == "class" and answer.maybe_unbound and read:
            # Where a class body has not bound its name (yet), Python reads the global (a
            # `del` does not).
            if name not in module.names and not module.star:
                return answer
            other = self._answer_in(module, name, locations)
            return Reaching(target.node, _in_order([*answer.definitions, *other.definitions]),
                            other.maybe_unbound, answer.exact and other.exact, False)
        return answer

    def _answer_in(self, target: _Scope, name: str, locations: list[Loc]) -> Reaching:
        owner = locations[0][0]
        if target.owner is owner:
            flow = owner.flow(target.key(name))
            mask = 0
            for _, block, seq, region in locations:
                mask |= owner.mask_at(flow, block, seq, region)
            if self._externals_of(target, name) is None:
                return Reaching(target.node, flow.decode(mask), bool(mask & _UNBOUND), True, False)
            return self._everything(target, name, mask)
        # A closure: where the function holding the use is made in the scope's frame.
        cached = owner.answers.get((target.serial, name))
        if cached is not None:
            return cached
        inner = owner
        while True:
            parent = inner.scope.parent
            assert parent is not None
            if parent.owner is target.owner:
                break
            inner = parent.owner
        made = target.owner
        flow = made.flow(target.key(name))
        mask = 0
        for made_in, block, seq, region in inner.creations:
            mask |= made_in.mask_at(flow, block, seq, region)
        answer = owner.answers[(target.serial, name)] = self._everything(target, name, mask)
        return answer

    def _everything(self, target: _Scope, name: str, mask: int) -> Reaching:
        """All definitions of the name in its scope (flow not followed)."""
        key = (target.serial, name, bool(mask & _UNBOUND))
        known = self._all.get(key)
        if known is not None:
            return known
        flow = target.owner.flow(target.key(name))
        definitions = flow.all_definitions()
        unbound = bool(mask & _UNBOUND) or flow.has_del()
        for node, kind in self._externals_of(target, name) or ():
            if kind == _DEL:
                unbound = True
            else:
                definitions.append(node)
        answer = self._all[key] = _reaching(target.node, _in_order(definitions), unbound, False,
                                            False)
        return answer

    def _externals_of(self, target: _Scope, name: str) -> list[tuple[ast.AST, int]] | None:
        """Definitions of a scope's name made by other frames (global, nonlocal, a walrus in a
        generator expression)."""
        found = self._externals
        if found is None:
            binder = self._binder or self._bind()
            found = {}
            for scope, bound, node, kind in binder.externals:
                found.setdefault((scope.serial, bound), []).append((node, kind))
            for declared, bound, node, kind in binder.nonlocal_externals:
                enclosing = declared.parent
                resolved = _resolve(bound, enclosing, binder.module) if enclosing is not None else None
                if resolved is not None:
                    found.setdefault((resolved.serial, bound), []).append((node, kind))
            self._externals = found
        if not found:
            return None
        return found.get((target.serial, name))


def _resolve(name: str, scope: _Scope, module: _Scope) -> _Scope | None:
    """The scope whose binding of `name` a use in `scope` reads (None: a builtin)."""
    cached = scope.resolved
    if name in cached:
        return cached[name]
    current: _Scope | None = scope
    first = True
    found: _Scope | None = None
    while current is not None:
        if name in current.globals and current is not module:
            found = module if name in module.names or module.star else None
            break
        if name in current.nonlocals:
            first = False
            current = current.parent
            continue
        if current.kind == "class" and not first:
            current = current.parent
            continue
        if name in current.names or (current is module and module.star):
            found = current
            break
        first = False
        current = current.parent
    cached[name] = found
    return found


_new = object.__new__


def _reaching(scope: Any, definitions: tuple[ast.AST, ...], maybe_unbound: bool, exact: bool,
              builtin: bool) -> Reaching:
    """Reaching(...), made without the frozen dataclass's __init__ (one attribute store at a
    time): the same object, at half the cost, for the many answers of a file."""
    answer = _new(Reaching)
    answer.__dict__.update(scope=scope, definitions=definitions, maybe_unbound=maybe_unbound,
                           exact=exact, builtin=builtin)
    return answer


def _in_order(nodes: list[ast.AST]) -> tuple[ast.AST, ...]:
    if len(nodes) > 1:
        unique = list({id(n): n for n in nodes}.values())
        unique.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return tuple(unique)
    return tuple(nodes)
