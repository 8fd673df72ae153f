"""The file's classes whose instances are pytrees with named fields, and which of their fields
are pytree children (traced when an instance crosses a transformation) or static metadata.

A class counts when the file certainly shows how JAX flattens it, and nothing may change that:
no base but the one its kind needs, a body of plain statements, no `__getattr__` /
`__getattribute__`, and:

- `@jax.tree_util.register_dataclass` over `@dataclasses.dataclass` (or the call
  `register_dataclass(C)` once): every field a child but those whose `dataclasses.field`
  says `metadata={"static": True}` (or `jax.tree.static()`); with `data_fields=[...]` and
  `meta_fields=[...]` written out (the decorator's or the call's), exactly those lists;
- `@flax.struct.dataclass`, or a subclass of `flax.struct.PyTreeNode`: every field a child
  but those with `flax.struct.field(pytree_node=False)` (`metadata={"pytree_node": False}`);
- `@chex.dataclass`: every field a child;
- a subclass of `typing.NamedTuple`: every field a child;
- a subclass of `equinox.Module` (no `__init__` of its own): every field a child but those
  of `eqx.field(static=True)`;
- `@jax.tree_util.register_pytree_node_class` with plain `__init__`, `tree_flatten` and
  `tree_unflatten` (`_registered_class`): the attributes `tree_flatten` returns as children,
  and as aux data (static), in `__init__`'s order.

A field is an annotated name of the class body (`ClassVar` ones are none); a field whose
`field(...)` call has an option this module does not read (`init=False`, a metadata that is
not a display of constants) is neither: `static` None.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import CLASS, ModuleModel

# Field makers whose options are read here.
FIELD_MAKERS = frozenset({"dataclasses.field", "flax.struct.field", "chex.field"})
# Options of a field maker that leave what the field is to JAX alone.
NEUTRAL_OPTIONS = frozenset({"default", "default_factory", "repr", "compare", "hash", "kw_only"})
# Statements of a class body whose names are certain.
_SIMPLE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign,
           ast.Expr, ast.Pass)


@dataclass(frozen=True)
class PytreeField:
    """One field of a pytree class: `static` True (metadata), False (a child), None (unknown)."""

    name: str
    annotation: ast.expr
    static: bool | None
    # What a construction that does not give the field leaves in it: the class body's
    # `x: int = 8`, or `field(default=8)`'s default; None when it shows none.
    default: ast.expr | None = None


@dataclass(frozen=True)
class PytreeClass:
    node: ast.ClassDef
    kind: str  # "register_dataclass", "flax", "chex", "namedtuple", "equinox", "registered"
    fields: tuple[PytreeField, ...]  # in definition order (the order `__init__` takes them)

    def field(self, name: str) -> PytreeField | None:
        return next((f for f in self.fields if f.name == name), None)


def pytree_class(model: ModuleModel, cls: ast.ClassDef) -> PytreeClass | None:
    """What `cls` is as a pytree with named fields, when the file certainly shows it."""
    if cls.keywords or not all(isinstance(s, _SIMPLE) for s in cls.body):
        return None
    own = {s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    bases = [model.qualname(b) for b in cls.bases]
    decorators = [_decorator_name(model, d) for d in cls.decorator_list]
    if decorators == ["jax.tree_util.register_pytree_node_class"] and not bases:
        return _registered_class(cls, own)
    if own & {"__getattr__", "__getattribute__", "__init__", "__new__", "tree_flatten",
              "tree_unflatten", "__init_subclass__"}:
        return None
    lists: tuple[frozenset[str], frozenset[str]] | None = None
    if bases == ["typing.NamedTuple"] and not decorators:
        kind = "namedtuple"
    elif bases == ["flax.struct.PyTreeNode"] and not decorators:
        kind = "flax"
    elif bases == ["equinox.Module"] and not decorators:
        kind = "equinox"
    elif bases:
        return None
    elif decorators == ["flax.struct.dataclass"]:
        kind = "flax"
    elif decorators == ["chex.dataclass"]:
        kind = "chex"
    elif decorators == ["jax.tree_util.register_dataclass", "dataclasses.dataclass"]:
        kind = "register_dataclass"
        decorator = cls.decorator_list[0]
        if isinstance(decorator, ast.Call):
            if decorator.args[_partial_of_register(model, decorator):]:
                return None
            lists = _field_lists(decorator.keywords)
            if lists is None:
                return None
        elif _registrations(model, cls):
            return None  # registered twice: JAX refuses the second
    elif decorators == ["dataclasses.dataclass"]:
        calls = _registrations(model, cls)
        if len(calls) != 1:
            return None
        kind = "register_dataclass"
        call = calls[0]
        if len(call.args) != 1:
            return None
        if call.keywords:
            lists = _field_lists(call.keywords)
            if lists is None:
                return None
    else:
        return None
    fields = []
    for statement in cls.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        if "ClassVar" in ast.dump(statement.annotation):
            continue
        name = statement.target.id
        if lists is not None:
            static: bool | None = True if name in lists[1] else False if name in lists[0] else None
        elif kind in ("namedtuple", "chex"):
            static = False if kind == "namedtuple" or not _maker(model, statement.value) else None
        elif kind == "equinox":
            static = _equinox_static(model, statement.value)
        else:
            static = _static_by_field(model, statement.value, kind)
        fields.append(PytreeField(name, statement.annotation, static, _default(statement.value)))
    return PytreeClass(cls, kind, tuple(fields))


def _registered_class(cls: ast.ClassDef, own: set[str]) -> PytreeClass | None:
    """A class decorated `@jax.tree_util.register_pytree_node_class` whose methods show how
    JAX flattens and rebuilds it, every step plain: `__init__(self, a, b, c)` only storing each
    parameter under its own name (`self.a = a`), `tree_flatten` returning `((self.a, self.b),
    aux)` (the children, the first parameters in order; `aux` None, `self.c`, or a tuple of
    the attributes of the parameters after them), and the classmethod `tree_unflatten(cls,
    aux, children)` returning `cls(*children)` (`cls(*children, aux)`, `cls(*children,
    *aux)`): the children are pytree fields, the attributes in `aux` static ones."""
    if cls.keywords or own & {"__getattr__", "__getattribute__", "__setattr__", "__new__", "__init_subclass__"} \
            or not {"__init__", "tree_flatten", "tree_unflatten"} <= own:
        return None
    methods = {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef)}
    stored = _stored_parameters(methods["__init__"])
    flattened = _flattened(methods["tree_flatten"])
    if stored is None or flattened is None:
        return None
    children, aux = flattened
    order = [name for name, _ in stored]
    if children + aux != order or not _rebuilds(methods["tree_unflatten"], aux):
        return None
    return PytreeClass(cls, "registered", tuple(
        PytreeField(name, annotation or ast.Constant(None), name in aux) for name, annotation in stored))


def _body(function: ast.FunctionDef) -> list[ast.stmt]:
    """The statements of a def after its docstring."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def _self_attribute(expr: ast.expr, owner: str) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) \
        and expr.value.id == owner else None


def _stored_parameters(init: ast.FunctionDef) -> list[tuple[str, ast.expr | None]] | None:
    """`__init__`'s parameters after `self` (with their annotations), when its body only
    stores each under its own name, once (`self.a = a`, `self.a, self.b = a, b`)."""
    args = init.args
    positional = [*args.posonlyargs, *args.args]
    if args.vararg or args.kwarg or args.kwonlyargs or init.decorator_list or not positional:
        return None
    owner, parameters = positional[0].arg, positional[1:]
    stored: list[str] = []
    for statement in _body(init):
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            return None
        target, value = statement.targets[0], statement.value
        pairs = list(zip(target.elts, value.elts)) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
            and len(target.elts) == len(value.elts) else [(target, value)]
        for attribute, given in pairs:
            name = _self_attribute(attribute, owner)
            if name is None or not isinstance(given, ast.Name) or given.id != name:
                return None
            stored.append(name)
    if sorted(stored) != sorted(p.arg for p in parameters) or len(set(stored)) != len(stored):
        return None
    return [(p.arg, p.annotation) for p in parameters]


def _flattened(flatten: ast.FunctionDef) -> tuple[list[str], list[str]] | None:
    """The attributes `tree_flatten` returns as children, and those it returns as aux data."""
    body = _body(flatten)
    positional = [*flatten.args.posonlyargs, *flatten.args.args]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or len(positional) != 1 or flatten.decorator_list:
        return None
    owner, returned = positional[0].arg, body[0].value
    if not isinstance(returned, ast.Tuple) or len(returned.elts) != 2 \
            or not isinstance(returned.elts[0], (ast.Tuple, ast.List)):
        return None
    children = [_self_attribute(e, owner) for e in returned.elts[0].elts]
    aux_expr = returned.elts[1]
    if isinstance(aux_expr, ast.Constant) and aux_expr.value is None:
        aux: list[str | None] = []
    elif isinstance(aux_expr, ast.Tuple):
        aux = [_self_attribute(e, owner) for e in aux_expr.elts]
    else:
        aux = [_self_attribute(aux_expr, owner)]
    if any(name is None for name in (*children, *aux)):
        return None
    return children, aux  # type: ignore[return-value]


def _rebuilds(unflatten: ast.FunctionDef, aux: list[str]) -> bool:
    """`tree_unflatten(cls, aux, children)`, a classmethod, returns `cls(*children)` (with
    one attribute in the aux data, `cls(*children, aux)`; with several, `cls(*children, *aux)`)."""
    body = _body(unflatten)
    positional = [a.arg for a in (*unflatten.args.posonlyargs, *unflatten.args.args)]
    decorators = unflatten.decorator_list
    if len(positional) != 3 or len(body) != 1 or not isinstance(body[0], ast.Return) or len(decorators) != 1 \
            or not (isinstance(decorators[0], ast.Name) and decorators[0].id == "classmethod"):
        return False
    owner, aux_name, children_name = positional
    call = body[0].value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id != owner or call.keywords:
        return False
    expected: list[tuple[type, str]] = [(ast.Starred, children_name)]
    if len(aux) == 1:
        expected.append((ast.Name, aux_name))
    elif aux:
        expected.append((ast.Starred, aux_name))
    if len(call.args) != len(expected):
        return False
    for argument, (kind, name) in zip(call.args, expected):
        inner = argument.value if isinstance(argument, ast.Starred) else argument
        if type(argument) is not kind or not isinstance(inner, ast.Name) or inner.id != name:
            return False
    return True


def _decorator_name(model: ModuleModel, decorator: ast.expr) -> str | None:
    """What a class decorator applies: `@f` and `@f(...)` name `f`; `@partial(f, ...)` (the
    partial of `jax.tree_util.register_dataclass` with its field lists) names `f` too."""
    if not isinstance(decorator, ast.Call):
        return model.qualname(decorator)
    if _partial_of_register(model, decorator):
        return "jax.tree_util.register_dataclass"
    return model.qualname(decorator.func)


def _partial_of_register(model: ModuleModel, decorator: ast.Call) -> int:
    """1 for `functools.partial(jax.tree_util.register_dataclass, ...)` (its one positional
    argument is the function), 0 otherwise."""
    return int(model.qualname(decorator.func) == "functools.partial" and len(decorator.args) == 1
               and model.qualname(decorator.args[0]) == "jax.tree_util.register_dataclass")


def _default(value: ast.expr | None) -> ast.expr | None:
    """A field's default as the class body writes it: the value itself, or the `default=` of
    a `field(...)` call (any other call: None, it may make the default)."""
    if not isinstance(value, ast.Call):
        return value
    function = value.func
    name = function.attr if isinstance(function, ast.Attribute) else function.id if isinstance(function, ast.Name) else ""
    if name != "field":
        return None
    return next((k.value for k in value.keywords if k.arg == "default"), None)


def _registrations(model: ModuleModel, cls: ast.ClassDef) -> list[ast.Call]:
    """The calls `jax.tree_util.register_dataclass(C, ...)` of the file naming `cls`."""
    found = []
    for site in model.calls_to("jax.tree_util.register_dataclass"):
        first = site.args[0] if site.args else None
        if isinstance(first, ast.Name) and first.id == cls.name:
            binding = model.binding_of(first)
            if binding is None or binding.kind != CLASS or binding.node is not cls or site.partial is not None:
                return [site.call, site.call]  # (not certainly this class: unknown)
            found.append(site.call)
    return found


def _field_lists(keywords: list[ast.keyword]) -> tuple[frozenset[str], frozenset[str]] | None:
    given = {k.arg: k.value for k in keywords}
    if set(given) != {"data_fields", "meta_fields"}:
        return None
    found = []
    for name in ("data_fields", "meta_fields"):
        value = given[name]
        if not isinstance(value, (ast.List, ast.Tuple)) or not all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
            return None
        found.append(frozenset(e.value for e in value.elts))  # type: ignore[attr-defined]
    return found[0], found[1]


def _maker(model: ModuleModel, value: ast.expr | None) -> bool:
    """Whether a field's default is a call that may make a field with options."""
    return isinstance(value, ast.Call) and (
        model.qualname(value.func) in FIELD_MAKERS or model.qualname(value.func) == "jax.tree.static"
        or model.qualname(value.func) is None)


def _equinox_static(model: ModuleModel, value: ast.expr | None) -> bool | None:
    """Whether a field of an equinox Module is static: `eqx.field(static=True)` (or the
    older `eqx.static_field()`); a plain default, or a call that makes no field, is a child."""
    if not isinstance(value, ast.Call):
        return False
    qualname = model.qualname(value.func)
    if qualname == "equinox.static_field":
        return True if not value.args and all(k.arg in NEUTRAL_OPTIONS for k in value.keywords) else None
    if qualname != "equinox.field":
        return None if qualname is None else False
    static = False
    for keyword in value.keywords:
        if keyword.arg == "static":
            if not isinstance(keyword.value, ast.Constant) or type(keyword.value.value) is not bool:
                return None
            static = keyword.value.value
        elif keyword.arg not in NEUTRAL_OPTIONS:
            return None  # a converter: what the field holds is its result
    return static if not value.args else None


def _static_by_field(model: ModuleModel, value: ast.expr | None, kind: str) -> bool | None:
    """Whether a field of a `register_dataclass` or flax class is static, from its default."""
    if not isinstance(value, ast.Call):
        return False  # no default, or a plain default value
    qualname = model.qualname(value.func)
    if qualname == "jax.tree.static":
        return True if kind == "register_dataclass" else None  # (its options: the field's)
    if qualname not in FIELD_MAKERS:
        return None if qualname is None else False  # (a call of the file's may make a field)
    key = "static" if kind == "register_dataclass" else "pytree_node"
    static = False
    for keyword in value.keywords:
        if keyword.arg in NEUTRAL_OPTIONS:
            continue
        if keyword.arg == "pytree_node" and qualname == "flax.struct.field" and kind == "flax":
            if not isinstance(keyword.value, ast.Constant) or type(keyword.value.value) is not bool:
                return None
            static = not keyword.value.value
        elif keyword.arg == "metadata":
            metadata = _constant_dict(model, keyword.value)
            if metadata is None:
                return None
            flag = metadata.get(key, key != "static")
            if type(flag) is not bool:
                return None
            static = flag if key == "static" else not flag
        else:
            return None  # init=False, an option of another library
    return static if not value.args else None


def _constant_dict(model: ModuleModel, expr: ast.expr) -> dict[object, object] | None:
    """A dict display or `dict(k=v)` call whose keys and values are constants."""
    if isinstance(expr, ast.Dict):
        found: dict[object, object] = {}
        for key, value in zip(expr.keys, expr.values):
            if not isinstance(key, ast.Constant) or not isinstance(value, ast.Constant):
                return None
            found[key.value] = value.value
        return found
    if isinstance(expr, ast.Call) and model.qualname(expr.func) == "builtins.dict" \
            and not expr.args and all(k.arg is not None and isinstance(k.value, ast.Constant)
                                      for k in expr.keywords):
        return {k.arg: k.value.value for k in expr.keywords}  # type: ignore[attr-defined]
    return None


# `@dataclasses.dataclass(...)` options that leave `__init__` taking the fields positionally,
# in order, and calling `__post_init__`.
_INIT_KEEPING_OPTIONS = frozenset({"frozen", "eq", "repr", "order", "unsafe_hash", "slots",
                                   "match_args", "weakref_slot"})
_OWN_HOOKS = frozenset({"__init__", "__new__", "__getattr__", "__getattribute__", "__setattr__",
                        "__init_subclass__"})


def dataclass_init_fields(model: ModuleModel, cls: ast.ClassDef) -> tuple[str, ...] | None:
    """The fields, in order, that the generated `__init__` of a stdlib dataclass of the file
    takes (and stores before it calls `__post_init__`): `@dataclasses.dataclass` (options that
    keep that `__init__`; under `@jax.tree_util.register_dataclass` too), no base, a body of
    plain statements defining no `__init__`, `__new__` or attribute hook; each annotated name
    a field but `ClassVar` ones, defaults plain or `dataclasses.field(...)` with options that
    keep it an `__init__` parameter. None otherwise (an `InitVar`, `init=False`, `kw_only`)."""
    if cls.bases or cls.keywords or not all(isinstance(s, _SIMPLE) for s in cls.body):
        return None
    if _OWN_HOOKS & {s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}:
        return None
    decorators = [model.qualname(d.func if isinstance(d, ast.Call) else d) for d in cls.decorator_list]
    if not decorators or decorators[-1] != "dataclasses.dataclass" \
            or any(d != "jax.tree_util.register_dataclass" for d in decorators[:-1]):
        return None
    decorator = cls.decorator_list[-1]
    if isinstance(decorator, ast.Call) and (decorator.args or any(
            k.arg not in _INIT_KEEPING_OPTIONS for k in decorator.keywords)):
        return None
    fields: list[str] = []
    for statement in cls.body:
        if not isinstance(statement, ast.AnnAssign):
            continue
        if not isinstance(statement.target, ast.Name):
            return None
        annotation = ast.dump(statement.annotation)
        if "ClassVar" in annotation:
            continue
        if "InitVar" in annotation or "KW_ONLY" in annotation:
            return None
        value = statement.value
        if isinstance(value, ast.Call) and (model.qualname(value.func) != "dataclasses.field" or value.args
                                            or any(k.arg not in NEUTRAL_OPTIONS or k.arg == "kw_only"
                                                   for k in value.keywords)):
            return None
        fields.append(statement.target.id)
    return tuple(fields)


__all__ = ["PytreeClass", "PytreeField", "dataclass_init_fields", "pytree_class"]


def plain_dataclass(model: ModuleModel, cls: ast.ClassDef) -> bool:
    """A stdlib dataclass of the file that is no pytree (`dataclass_init_fields` knows its
    generated `__init__`; nothing registers it): its instances are plain Python objects whose
    fields are attributes, its methods run as written."""
    return dataclass_init_fields(model, cls) is not None and pytree_class(model, cls) is None
