"""Every catalog entry checked against the installed JAX (0.12.0.1), with no mocks.

- Each `[[source]]`: the message template is JAX's own f-string text inside the stated function
  (placeholders included), and `line` is the line of the `raise` there.
- Each entry's `before` program raises the stated exception with a message matching the
  template; its `after` program runs clean.
- The same for every `examples/triggers/*.py` and its twin in `examples/fixed/`.

The programs run in one batch of tests/jax_runner.py, under the interpreter running the
tests, which has JAX installed; each must raise at one of its entry's raise sites. This
process never imports JAX.
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import importlib.util
import os
import re
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import Entry, load_catalog, template_parts
from jaxerr_lsp.errors.compiled_texts import compiled_texts
from jaxerr_lsp.docs_site.outputs import output_path, printed, read_output, same_output
from tests.case_files import fully_matches, message_pattern, raised_at_a_source, raised_one_of
from tests.jax_runner import Program, Result, run_programs
from tests.plugin_record import check_site

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
CATALOG = load_catalog()
ENTRIES = list(CATALOG)
TRIGGERS = sorted(p.name for p in (EXAMPLES / "triggers").glob("*.py"))
FIXED = sorted(p.name for p in (EXAMPLES / "fixed").glob("*.py"))


def _jax_site_packages() -> Path:
    spec = importlib.util.find_spec("jax")
    assert spec is not None and spec.origin, "JAX must be installed in the test environment"
    return Path(spec.origin).resolve().parent.parent


def _entry_for_example(name: str) -> Entry:
    match = re.match(r"(jxe\d{3})_", name)
    assert match, f"example {name} must be named <rule>_<what>.py, e.g. jxe001_dict_refs.py"
    return CATALOG.by_rule(match.group(1).upper())


# --------------------------------------------------------------------------------------------
# The raise sites


def test_catalog_targets_installed_jax():
    installed = importlib.metadata.version("jax")
    for entry in ENTRIES:
        assert entry.jax_version == installed, (entry.id, entry.jax_version, installed)


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.package],
                         ids=[e.id for e in ENTRIES if e.package])
def test_library_entry_targets_the_installed_library(entry: Entry):
    """An error Flax raises is checked against the Flax version the entry names, installed by
    the test extra (pyproject.toml pins it). `package` is the import name (`haiku`); the pin
    names its distribution (`dm-haiku`)."""
    distributions = importlib.metadata.packages_distributions().get(entry.package, [])
    assert len(distributions) == 1, (entry.package, distributions)
    assert importlib.metadata.version(distributions[0]) == entry.package_version
    pins = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"{distributions[0]}=={entry.package_version}"' in pins


def _installed(file: str) -> Path:
    """A file of the installed JAX, or of the installed package it names (`haiku/_src/...`,
    wherever that package is found on the path)."""
    path = _jax_site_packages() / file
    if not path.exists():
        spec = importlib.util.find_spec(file.split("/")[0])
        if spec is not None and spec.origin:
            path = Path(spec.origin).resolve().parent.parent / file
    return path


@functools.cache
def _module(file: str) -> tuple[ast.Module, list[str]]:
    path = _installed(file)
    assert path.is_file(), f"{file} not found in the installed JAX ({path})"
    text = path.read_text(encoding="utf-8")
    return ast.parse(text), text.splitlines()


def _find_function(tree: ast.Module, dotted: str,
                   line: int | None = None) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """The function `a` or nested function `a.b`; `a` may be a module-level or method name,
    or a class name (`HiPrim.__init__`: the method of that class). Nested functions of one
    name (`def error` in each branch of an `if`) are told apart by the `line` they hold."""
    scope: ast.AST = tree
    parts = dotted.split(".")
    for depth, name in enumerate(parts):
        found = []
        kinds: tuple[type, ...] = (ast.FunctionDef, ast.AsyncFunctionDef)
        if depth < len(parts) - 1:
            kinds += (ast.ClassDef,)
        for node in ast.walk(scope):
            if isinstance(node, kinds) and node.name == name:  # type: ignore[attr-defined]
                if depth == 0 or node is not scope:
                    found.append(node)
        if depth == 0:  # outermost: not nested inside another function
            nested = {id(inner) for fn in ast.walk(tree)
                      if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                      for inner in ast.walk(fn) if inner is not fn}
            found = [f for f in found if id(f) not in nested]
        if len(found) > 1 and line is not None:
            found = [f for f in found if f.lineno <= line <= (f.end_lineno or 0)]
        assert len(found) == 1, f"expected one function {name!r} in {dotted!r}, found {len(found)}"
        scope = found[0]
    return scope  # type: ignore[return-value]


def _render(node: ast.expr) -> str:
    """A string literal or f-string as a catalog template (`{expr}` for formatted values)."""
    if isinstance(node, ast.Constant):
        return node.value.replace("{", "{{").replace("}", "}}")
    out = []
    for value in node.values:  # ast.JoinedStr
        if isinstance(value, ast.Constant):
            out.append(value.value.replace("{", "{{").replace("}", "}}"))
        else:
            text = ast.unparse(value.value)
            if value.conversion != -1:
                text += "!" + chr(value.conversion)
            if value.format_spec is not None:
                text += ":" + _render(value.format_spec)
            out.append("{" + text + "}")
    return "".join(out)


def _percent_rendered(call: ast.Call) -> list[str]:
    """A logging call's message with its `%s` arguments written in as placeholders
    (`logger.warning("... module %s does not exist", name)`: "... module {name} does not
    exist"); without arguments, logging prints the text as it is."""
    if not call.args or not isinstance(call.args[0], ast.Constant) \
            or not isinstance(call.args[0].value, str):
        return []
    parts = call.args[0].value.split("%s")
    if len(parts) != len(call.args):
        return []
    text = parts[0]
    for arg, part in zip(call.args[1:], parts[1:]):
        text += "{" + ast.unparse(arg) + "}" + part
    return [text]


def _joined(raised: ast.Raise, lines: list[str]) -> list[str]:
    """The lines a raise joins (`"\n".join(msg_lines)`, `lines` the pieces built for them),
    each with the separator after it, then each as it is (the last one has none)."""
    separators = [c.func.value.value for c in ast.walk(raised) if isinstance(c, ast.Call)
                  and isinstance(c.func, ast.Attribute) and c.func.attr == "join"
                  and isinstance(c.func.value, ast.Constant) and isinstance(c.func.value.value, str)]
    if len(separators) != 1:
        return []
    return [line + separators[0] for line in lines] + lines


def _last_added(node: ast.expr) -> ast.expr:
    """The last operand of a sum (`a + b + c`: `c`), or the node itself."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        node = node.right
    return node


def _string_pieces(node: ast.AST) -> list[str]:
    """Every string literal and f-string under `node`, rendered as templates, in source order;
    a name or call appended to a message (`msg += x._origin_msg()`) as its placeholder."""
    inner: set[int] = set()
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):
            inner.update(id(v) for v in ast.walk(sub) if v is not sub)
    for sub in ast.walk(node):
        if id(sub) in inner:
            continue
        if isinstance(sub, ast.JoinedStr) or (
                isinstance(sub, ast.Constant) and isinstance(sub.value, str)):
            found.append(((sub.lineno, sub.col_offset), _render(sub)))
        elif isinstance(sub, ast.AugAssign) and isinstance(sub.op, ast.Add) \
                and not isinstance(sub.value, (ast.Constant, ast.JoinedStr)):
            # `msg += divider` (a name or expression added to the message): a placeholder
            found.append(((sub.value.lineno, sub.value.col_offset),
                          "{" + ast.unparse(sub.value) + "}"))
        elif isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Add) \
                and isinstance(_last_added(sub.left), (ast.Constant, ast.JoinedStr)) \
                and isinstance(sub.right, (ast.Name, ast.Call, ast.Attribute, ast.Subscript)):
            # `"... are: " + ",".join(names)` (an expression appended to a literal, or to a sum
            # ending with one: `"\n".join(lines) + "\n" + dump(module)`): a placeholder
            found.append(((sub.right.lineno, sub.right.col_offset),
                          "{" + ast.unparse(sub.right) + "}"))
    return [text for _, text in sorted(found) if text]


def _format_pieces(tree: ast.Module, node: ast.AST) -> list[str]:
    """Messages built by calling a module-level `NAME = "...".format` under `node` (e.g.
    `raise TypeError(_vjp_too_many_args(name, len(extra_args) + 1))`), rendered as templates:
    each `{}` of the string becomes `{<the call's argument>}`."""
    formats: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name) \
                and isinstance(statement.value, ast.Attribute) and statement.value.attr == "format" \
                and isinstance(statement.value.value, ast.Constant) \
                and isinstance(statement.value.value.value, str):
            formats[statement.targets[0].id] = statement.value.value.value
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in formats:
            parts = formats[sub.func.id].replace("{", "{{").replace("}", "}}").split("{{}}")
            if len(parts) == len(sub.args) + 1:
                text = parts[0]
                for arg, part in zip(sub.args, parts[1:]):
                    text += "{" + ast.unparse(arg) + "}" + part
                found.append(text)
    return found


def _covers(template: str, pieces: list[str]) -> bool:
    """Whether `template` is the concatenation of some of `pieces`, taken in order."""

    @functools.cache
    def go(offset: int, start: int) -> bool:
        if offset == len(template):
            return True
        return any(template.startswith(pieces[i], offset) and go(offset + len(pieces[i]), i + 1)
                   for i in range(start, len(pieces)))

    return go(0, 0)


SOURCES = [(entry, i) for entry in ENTRIES for i in range(len(entry.sources))]


@pytest.mark.parametrize("entry,index", SOURCES,
                         ids=[f"{e.id}-{e.sources[i].function}" for e, i in SOURCES])
def test_source_site_is_the_raise_in_installed_jax(entry: Entry, index: int):
    source = entry.sources[index]
    template = source.message or entry.message
    # JAX's text before it cuts `trimmed` off the end (`''.join(msg)[:-2]`)
    covered = template + source.trimmed
    if source.wheel is not None:  # a library of a wheel not installed here (the CUDA plugin)
        check_site(entry, source)  # found there by scripts/verify_plugin_wordings.py
        return
    if source.library is not None:  # jaxlib's C++: its text is in the compiled library
        library = _jax_site_packages() / source.library
        # (An XLA status printed by jaxlib starts with its code's name, "RESOURCE_EXHAUSTED: ",
        # which the library holds apart from the status's own text.)
        # (A status reporting what a Python site of the entry raised, jaxlib's host-callback
        # handler: its own text is in the library, the Python message after it is that
        # site's, checked in the Python source.)
        texts = compiled_texts(_compiled_part(entry, template))
        assert library.is_file(), f"{source.library} not found in the installed JAX ({library})"
        content = library.read_bytes()
        for text in texts:
            assert text.encode() in content, (entry.id, source.library, text)
        return
    if source.user_code:  # Python's own message at the user's statement: the module exists
        assert (_jax_site_packages() / source.file).is_file(), (entry.id, source.file)
        assert (source.function, source.line) == ("module", 1), (entry.id, source)
        return
    tree, lines = _module(source.file)
    function = _find_function(tree, source.function, source.line)
    if source.logged:  # `logger.warning(msg)` at `line`: msg written there or built before
        logs = [n for n in ast.walk(function) if isinstance(n, ast.Call) and n.lineno == source.line
                and ast.unparse(n.func) in ("logger.warning", "logger.error", "logger.info",
                                            "logger.exception")]
        assert logs, f"{entry.id}: no logger call at {source.file}:{source.line}"
        as_raise = ast.Raise(exc=logs[0], cause=None, lineno=logs[0].lineno, col_offset=0)
        assert _covers(covered, _string_pieces(logs[0])) or _covers(
            covered, _percent_rendered(logs[0])) or _covers(
            covered, _message_built_for(tree, function, as_raise)), (entry.id, source.line)
        return
    if source.warning:  # `warnings.warn(msg)` at `line`, msg a format string of the function
        warns = [n for n in ast.walk(function) if isinstance(n, ast.Call)
                 and ast.unparse(n.func) == "warnings.warn" and n.lineno == source.line]
        assert warns, f"{entry.id}: no warnings.warn at {source.file}:{source.line}"
        # The template with `{}` for each placeholder is one of the function's format strings.
        formatted = "".join(text if kind == "text" else "{}" for kind, text in template_parts(template))
        strings = [n.value for n in ast.walk(function)
                   if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        # (or the f-string written in the call: `warnings.warn("..." f" {x}.\n{msg}")`)
        assert formatted in strings or _covers(covered, _string_pieces(warns[0])), (
            entry.id, formatted, strings)
        return
    if source.generic:  # Python's own message, raised by a statement of the function at `line`
        assert function.lineno <= source.line <= (function.end_lineno or 0), (entry.id, source)
        assert not lines[source.line - 1].lstrip().startswith("raise "), (
            f"{entry.id}: {source.file}:{source.line} is a raise of JAX's own: not generic")
        return

    raises = [n for n in ast.walk(function) if isinstance(n, ast.Raise)]
    at_line = [r for r in raises if r.lineno == source.line]
    built = _message_built_for(tree, function, at_line[0]) if at_line else []
    # The template is JAX's own text in that function (or in the function that builds the
    # exception raised there, or a module-level message it formats), placeholders included.
    text_file = source.builder_file or source.file
    text_tree, text_lines = _module(text_file)
    text_function = _builder_function(text_tree, source.builder) if source.builder else function
    pieces = _string_pieces(text_function) + _format_pieces(text_tree, text_function)
    # (`raise functionalization_error`: an exception the module made once, `NAME = ValueError("...")`)
    made = _module_exception(tree, at_line[0]) if at_line and not source.builder else None
    if made is not None:
        pieces += _string_pieces(made)
    if source.parts:  # the builder's text with placeholders written out by other functions
        assert any(message_pattern(piece).fullmatch(template) for piece in pieces), (
            f"{entry.id}: the template is not an instance of the text of {text_file}:"
            f"{text_function.name}; string pieces found there: {pieces}")
    else:
        # (or lines built before, joined in the raise: `"\n".join(lines) + "\n" + dump`)
        joined = (_joined(at_line[0], built) + _string_pieces(at_line[0])) if at_line else []
        assert _covers(covered, pieces) or _covers(covered, built) or _covers(covered, joined), (
            f"{entry.id}: the template is not the text of {text_file}:{text_function.name}; "
            f"string pieces found there: {pieces}")
    # And the literal text, read off the installed file, is all there (whitespace aside).
    body = "".join(text_lines[text_function.lineno - 1:text_function.end_lineno])
    if made is not None:
        body += "".join(lines[made.lineno - 1:made.end_lineno])
    body += "".join(_format_pieces(text_tree, text_function))
    for part in source.parts:
        part_file, part_function = part.split(":")
        part_tree, part_lines = _module(part_file)
        found = _find_function(part_tree, part_function)
        body += "".join(part_lines[found.lineno - 1:found.end_lineno])
    for kind, text in template_parts(template):
        if kind == "text" and not _covers(covered, built):
            for word in text.split():
                assert word in body, (entry.id, word)

    # `line` is the line of the raise, inside the function.
    raise_lines = sorted(r.lineno for r in raises)
    print(f"{entry.id}: {source.file}:{source.line} in {source.function}: "
          f"{lines[source.line - 1].strip()}  (raise lines here: {raise_lines})")
    assert at_line, (f"{entry.id}: {source.file}:{source.line} is not a raise in "
                     f"{source.function}; its raises are at lines {raise_lines}")
    assert lines[source.line - 1].lstrip().startswith("raise ")
    assert at_line[0].exc is not None
    exc = at_line[0].exc
    if source.builder and isinstance(exc, ast.IfExp):  # `raise (err(name) if err else e)`
        exc = exc.body
    if made is not None:
        exc = made
    raised = exc.func if isinstance(exc, ast.Call) else exc
    expected = source.exception or entry.exception
    if source.builder:  # `raise _ref_arg_error(...)`: the builder returns `expected(...)`
        name = ast.unparse(raised).rsplit(".", 1)[-1]
        # (or the built message taken and raised again, text added, as an exception of the
        # entry's class: pmap's `e, *_ = prefix_errors(...)`, `(msg,) = e("pmap in_axes").args`,
        # `msg += "..."`, `raise ValueError(msg) from None`)
        if name == expected.rsplit(".", 1)[-1] and _reraises_built(function, text_tree, source.builder):
            return
        # (or a name bound to what the builder yields: `err = next(_prefix_error(...), None)`)
        assert name == source.builder or any(
            isinstance(a, ast.Assign) and [ast.unparse(t) for t in a.targets] == [name]
            and any(isinstance(c, ast.Call) and ast.unparse(c.func) == source.builder
                    for c in ast.walk(a.value)) for a in ast.walk(function)), ast.unparse(raised)
        if _builder_class(text_tree, source.builder):  # `raise TracerBoolConversionError(arg)`
            # (or a library's: `raise errors.ScopeParamShapeError(...)`, flax.errors' class)
            assert expected.rsplit(".", 1)[-1] == source.builder, (expected, source.builder)
            return
        made = [n.value.func for n in ast.walk(text_function) if isinstance(n, ast.Return)
                and isinstance(n.value, ast.Call)]
        # (or a name the builder assigned the exception to: `err = KeyReuseError(message)`,
        # then `return err`)
        returned = {n.value.id for n in ast.walk(text_function) if isinstance(n, ast.Return)
                    and isinstance(n.value, ast.Name)}
        made += [n.value.func for n in ast.walk(text_function) if isinstance(n, ast.Assign)
                 and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                 and n.targets[0].id in returned and isinstance(n.value, ast.Call)
                 and n.lineno == min(a.lineno for a in ast.walk(text_function)
                                     if isinstance(a, ast.Assign) and len(a.targets) == 1
                                     and isinstance(a.targets[0], ast.Name)
                                     and a.targets[0].id == n.targets[0].id)]
        # (or makers of the exception it yields: `yield lambda name: ValueError(...)`)
        made += [n.value.body.func for n in ast.walk(text_function) if isinstance(n, ast.Yield)
                 and isinstance(n.value, ast.Lambda) and isinstance(n.value.body, ast.Call)]
        # (JAX's own classes by their bare name: `return UnexpectedTracerError(msg)`)
        assert {ast.unparse(m) for m in made} in ({expected}, {expected.removeprefix("jax.errors.")}), \
            [ast.unparse(m) for m in made]
        return
    # JAX's own classes are raised by their bare name (`raise UnexpectedTracerError(msg)`,
    # `raise IndivisibleError(msg)` of jax._src.sharding), a library's through its errors
    # module (`raise errors.InvalidRngError(msg)`).
    own_name = expected.rsplit(".", 1)[-1] if expected.startswith("jax._src.") else None
    # (or a library's class raised by its bare name in the module that defines it:
    # `raise MissingRNGError(...)` in haiku/_src/base.py, "haiku._src.base.MissingRNGError")
    module_name, class_name = expected.rsplit(".", 1) if "." in expected else ("", expected)
    if entry.package and module_name == source.file.removesuffix(".py").replace("/", ".") \
            and _builder_class(tree, class_name):
        own_name = class_name
    # (or a library's by JAX's full name: `raise jax.errors.UnexpectedTracerError(hint)`)
    assert ast.unparse(raised) in (expected.removeprefix("jax.errors."), own_name, expected,
                                   "errors." + expected.rsplit(".", 1)[-1]), (ast.unparse(raised), expected)
    own_pieces = _string_pieces(at_line[0]) + _format_pieces(tree, at_line[0])
    if own_pieces:  # the message is written in the raise itself: it must be this one
        # (unless it only formats a message built before: `msg.format(name, ", ".join(...))`,
        # or composes pieces of one: `msg(f"had shape: {s}") + hint`)
        # or joins the lines built before and adds to them: `"\n".join(lines) + "\n" + dump`)
        assert _covers(covered, own_pieces) or _covers(covered, built) or _covers(
            covered, _joined(at_line[0], built) + own_pieces), (entry.id, source.line, own_pieces)
    elif raise_lines != [source.line]:  # one of several raises: the message built for this one
        assert _covers(covered, built), (entry.id, source.line, built)


def _compiled_part(entry: Entry, template: str) -> str:
    """A compiled site's template without the message of a Python site of the entry that it
    reports (`INTERNAL: CpuCallback error calling callback: {traceback}RuntimeError: Incorrect
    output dtype ...`: the text jaxlib's callback handler writes, before the traceback of what
    the Python callback raised); the whole template otherwise."""
    for other in entry.sources:
        if other.library is None and other.message:
            raised = (other.exception or entry.exception).rsplit(".", 1)[-1]
            tail = f"{raised}: {other.message}"
            if template.endswith(tail) and template[:-len(tail)].endswith("}"):
                return template[:-len(tail)]
    return template


def _reraises_built(function: ast.AST, tree: ast.Module, builder: str) -> bool:
    """Whether `function` calls the builder, or a function of the builder's module that calls
    it (`prefix_errors` returns `list(_prefix_error(...))`), and reads the built exception's
    text (`ex.args`)."""
    callers = {builder} | {node.name for node in tree.body if isinstance(node, ast.FunctionDef)
                           and any(isinstance(c, ast.Call) and ast.unparse(c.func) == builder
                                   for c in ast.walk(node))}
    calls = any(isinstance(c, ast.Call) and ast.unparse(c.func) in callers for c in ast.walk(function))
    reads = any(isinstance(a, ast.Attribute) and a.attr == "args" for a in ast.walk(function))
    return calls and reads


def _module_exception(tree: ast.Module, raised: ast.Raise) -> ast.Call | None:
    """`raise functionalization_error` where the module assigned `functionalization_error =
    ValueError("...")`: that call (the exception's class and its text)."""
    if not isinstance(raised.exc, ast.Name):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [raised.exc.id] \
                and isinstance(node.value, ast.Call):
            return node.value
    return None


def _pieces_added(function: ast.AST, name: str, start: int, end: int) -> list[str]:
    """The pieces a message gets after it is first assigned and before it is raised:
    `msg += "..."` and `msg.append(f"...")` (JAX's vmap builds its messages so)."""
    added = []
    for node in ast.walk(function):
        if not start < getattr(node, "lineno", 0) < end:
            continue
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) \
                and isinstance(node.target, ast.Name) and node.target.id == name:
            added.append((node.lineno, _string_pieces(node.value)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "append" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == name:
            added.append((node.lineno, _string_pieces(node)))
    return [piece for _, pieces in sorted(added, key=lambda a: a[0]) for piece in pieces]


def _builder_class(tree: ast.Module, name: str) -> bool:
    """Whether the builder `name` is an exception class of the module (its `__init__` writes
    the message) rather than a function returning the exception."""
    return any(isinstance(node, ast.ClassDef) and node.name == name for node in tree.body)


def _builder_function(tree: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """The function that builds a raised exception: a module function (`_ref_arg_error`), or
    the `__init__` of an exception class that writes its own message."""
    return _find_function(tree, f"{name}.__init__" if _builder_class(tree, name) else name)


def _local_format_message(function: ast.AST, raised: ast.Raise) -> list[str]:
    """`raise TypeError(msg(f"had shape: {s}") + hint)` where the function assigns
    `msg = "... Output {}.".format` and `hint = f"..."`: the format's text with its argument
    written in, then the text of each name added to it."""
    exc = raised.exc
    if not isinstance(exc, ast.Call) or len(exc.args) != 1:
        return []
    operands: list[ast.expr] = []
    node = exc.args[0]
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        operands.insert(0, node.right)
        node = node.left
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or len(node.args) != 1 \
            or not isinstance(node.args[0], (ast.JoinedStr, ast.Constant)):
        return []
    assigned = {a.targets[0].id: a.value for a in ast.walk(function) if isinstance(a, ast.Assign)
                and a.lineno < raised.lineno and len(a.targets) == 1
                and isinstance(a.targets[0], ast.Name)}
    formatter = assigned.get(node.func.id)
    if not (isinstance(formatter, ast.Attribute) and formatter.attr == "format"
            and isinstance(formatter.value, ast.Constant) and isinstance(formatter.value.value, str)):
        return []
    parts = formatter.value.value.replace("{", "{{").replace("}", "}}").split("{{}}")
    if len(parts) != 2:
        return []
    pieces = [parts[0] + _render(node.args[0]) + parts[1]]
    for operand in operands:
        if not isinstance(operand, ast.Name) or operand.id not in assigned:
            return []
        pieces += _string_pieces(assigned[operand.id])
    return pieces


def _message_built_for(tree: ast.Module, function: ast.AST, raised: ast.Raise) -> list[str]:
    """The pieces of the message a raise uses but does not write: a name assigned last before
    the raise in `function` (`msg = (...)`; `raise TypeError(msg)`; `msg.format(a, b)` read
    with its arguments), or the string a module function of the file returns
    (`raise TypeError(_mismatch_err(...))`)."""
    composed = _local_format_message(function, raised)
    if composed:
        return composed
    names = {n.id for n in ast.walk(raised) if isinstance(n, ast.Name)}
    assigns = [a for a in ast.walk(function) if isinstance(a, ast.Assign)
               and a.lineno < raised.lineno and len(a.targets) == 1
               and isinstance(a.targets[0], ast.Name) and a.targets[0].id in names]
    # (`raise TypeError(msg.format(dimension, ", ".join(map(str, shapes))))` after `shapes = ...`:
    # the message is the name formatted, not the last name assigned)
    formatted = {c.func.value.id for c in ast.walk(raised) if isinstance(c, ast.Call)
                 and isinstance(c.func, ast.Attribute) and c.func.attr == "format"
                 and isinstance(c.func.value, ast.Name)}
    if any(a.targets[0].id in formatted for a in assigns):  # type: ignore[attr-defined]
        assigns = [a for a in assigns if a.targets[0].id in formatted]  # type: ignore[attr-defined]
    if assigns:
        last = max(assigns, key=lambda a: a.lineno)
        # (`msg = _spec_divisibility_error(...)`; `raise ValueError(msg)`: the text that
        # module function of the file returns)
        if isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Name):
            for node in tree.body:
                if isinstance(node, ast.FunctionDef) and node.name == last.value.func.id:
                    return _string_pieces(node)
        formats = [c for c in ast.walk(raised) if isinstance(c, ast.Call)
                   and isinstance(c.func, ast.Attribute) and c.func.attr == "format"
                   and isinstance(c.func.value, ast.Name) and c.func.value.id == last.targets[0].id]
        pieces = _string_pieces(last.value)
        if formats and len(pieces) == 1 and not formats[0].keywords:
            fields = iter("{" + ast.unparse(a) + "}" for a in formats[0].args)
            # (and what is appended to it before the raise: `msg += f" (Tip: ...)"`)
            return [re.sub(r"\{\{\}\}", lambda _m: next(fields, "{{}}"), pieces[0]),
                    *_pieces_added(function, last.targets[0].id, last.lineno, raised.lineno)]
        return pieces + _pieces_added(function, last.targets[0].id, last.lineno, raised.lineno)
    helpers = {c.func.id for c in ast.walk(raised)
               if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in helpers:
            return _string_pieces(node)
    # (a name of an enclosing function's body: `hint = (...)`, then a nested
    # `def init_fn(): ... raise UnexpectedTracerError(hint)`)
    outer = [f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             and f is not function and f.lineno < function.lineno <= (f.end_lineno or 0)]
    closure = [a for f in outer for a in f.body if isinstance(a, ast.Assign)
               and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
               and a.targets[0].id in names]
    if closure:
        return _string_pieces(max(closure, key=lambda a: a.lineno).value)
    return []


# --------------------------------------------------------------------------------------------
# Running programs

# Claims the catalog's prose makes about JAX 0.12.0.1, checked by running them.
FACTS = r'''
import collections
import json
import sys

import jax
import jax.numpy as jnp

from jaxerr_lsp.errors.catalog import load_catalog

catalog = load_catalog()
checked = []


def fact(name):
    checked.append(name)


def raises(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type as exc:
        return str(exc)
    raise AssertionError(f"{fn} did not raise {exc_type.__name__}")


# jax.new_ref exists; jax.make_ref (named by the seed page) does not.
assert hasattr(jax, "new_ref") and not hasattr(jax, "make_ref")
fact("new_ref, not make_ref")


def loss(params, x):
    return jnp.sum(jnp.tanh(x @ params["w"] + params["b"]))


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
x = jnp.ones((4, 3))
out, f_vjp = jax.vjp(loss, params, x)
ref = lambda p: jax.new_ref(jnp.zeros_like(p))

# with_refs raises when called, before the VJP function is applied to a cotangent.
msg = raises(ValueError, f_vjp.with_refs, (ref(params["w"]), ref(params["b"])), ref(x))
assert "args[0] was a <class 'dict'> in the primal arguments, but a <class 'tuple'>" in msg
fact("with_refs raises at the call; types printed as classes")

# None is an empty pytree, not a placeholder.
assert jax.tree.leaves(None) == []
msg = raises(ValueError, f_vjp.with_refs, jax.tree.map(ref, params), None)
assert "args[1] was a pytree leaf in the primal arguments, but a <class 'NoneType'>" in msg
fact("None is not a placeholder")

# DontWant / GradValue stand for one array leaf each, not for a container.
raises(ValueError, f_vjp.with_refs, jax.ad.DontWant(), ref(x))
f_vjp.with_refs(jax.tree.map(lambda _: jax.ad.DontWant(), params), ref(x))(1.0)
f_vjp.with_refs({"w": jax.ad.GradValue(), "b": jax.ad.DontWant()}, ref(x))(1.0)
fact("placeholders are per leaf")

# One with_refs argument per positional primal; dict keys compared as sorted metadata.
msg = raises(ValueError, f_vjp.with_refs, jax.tree.map(ref, params))
assert "args was a tuple of length 2 in the primal arguments, but a tuple of length 1" in msg
renamed = {"weight": ref(params["w"]), "b": ref(params["b"])}
msg = raises(ValueError, f_vjp.with_refs, renamed, ref(x))
assert "pytree metadata ('b', 'w') in the primal" in msg and "('b', 'weight')" in msg
fact("argument count and sorted keys")

# Every multi-line defensive pattern runs.
ns = dict(jax=jax, jnp=jnp, loss=loss, params=params, x=x)
exec([d for d in catalog.get("vjp-with-refs-tree-mismatch").defensive if "\n" in d][0], ns)
assert float(ns["refs"][0]["w"][...].sum()) != 0.0
for entry_id, nargs in (("custom-vjp-logs-not-dict", 2), ("custom-vjp-bwd-not-pair", 1)):
    ns = dict(jax=jax, jnp=jnp)
    exec([d for d in catalog.get(entry_id).defensive if "\n" in d][0], ns)
    if nargs == 2:
        f = jax.custom_vjp(lambda a, b: a * b)
        f.defvjp_with_logs(lambda a, b: (a * b, (a, b)), ns["bwd"])
        _, pull = jax.vjp(f, 2.0, 3.0)
        assert set(pull.with_logs(1.0)[1]) == {"grad_norm"}
    else:
        f = jax.custom_vjp(jnp.sin)
        f.defvjp_with_logs(lambda a: (jnp.sin(a), (a,)), ns["bwd"])
        jax.grad(f)(0.5)
fact("defensive patterns run")


def make(bwd, **kw):
    @jax.custom_vjp
    def mul(a, b):
        return a * b
    mul.defvjp_with_logs(lambda a, b: (a * b, (a, b)), bwd, **kw)
    return mul


# The checks run when the bwd rule runs, not at registration or on the forward pass.
bad = make(lambda res, g: (g * res[1], g * res[0]))
assert float(bad(2.0, 3.0)) == 6.0
y, pull = jax.vjp(bad, jnp.float32(2.0), jnp.float32(3.0))
msg = raises(TypeError, pull, jnp.ones_like(y))
assert msg.endswith("but got ArrayImpl."), msg
msg = raises(TypeError, jax.jit(jax.grad(bad)), 2.0, 3.0)
assert msg.endswith("but got DynamicJaxprTracer."), msg
fact("checked when differentiated; forgotten logs read as ArrayImpl")

# type(logs) is dict exactly: subclasses fail, dict and None pass.
for logs, name in ((collections.OrderedDict(a=1.0), "OrderedDict"),
                   (collections.defaultdict(float), "defaultdict"), ([1.0], "list"),
                   ((1.0,), "tuple"), ("x", "str")):
    f = make(lambda res, g, logs=logs: ((g * res[1], g * res[0]), logs))
    assert raises(TypeError, jax.grad(f), 2.0, 3.0).endswith(f"but got {name}.")
for logs in (None, {"a": 1.0}):
    jax.grad(make(lambda res, g, logs=logs: ((g * res[1], g * res[0]), logs)))(2.0, 3.0)
fact("type(logs) is dict")

# Not a pair: bare value, 1-tuple, 3-tuple, None, dict alone.
for value in (lambda g: g, lambda g: (g,), lambda g: (g, g, None), lambda g: None,
              lambda g: {"a": g}):
    f = make(lambda res, g, value=value: value(g))
    msg = raises(TypeError, jax.grad(f), 2.0, 3.0)
    assert "must produce a pair (in_cts, logs), but got" in msg, msg
fact("not a pair")

# A fixed log key logged twice in one backward pass raises, even under plain jax.grad.
twice = make(lambda res, g: ((g * res[1], g * res[0]), {"gnorm": g}))
msg = raises(ValueError, jax.grad(lambda a: twice(a, 2.0) + twice(a, 3.0)), 1.0)
assert "Duplicate backward-pass log key 'gnorm'" in msg
fact("duplicate log keys")

# generic_batching=True (like jax_custom_vjp3) goes through hijax.py, naming the bwd function.
msg = raises(TypeError, jax.grad(make(lambda res, g: ((g, g), [g]), generic_batching=True)),
             2.0, 3.0)
assert msg.startswith("Custom VJP bwd rule <function ") and msg.endswith("but got list."), msg
fact("hijax variant")

# Applying a VJP function (JXE020-JXE022): one argument; with_logs checks it the same way.
def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, pull = jax.vjp(sin_cos, 0.5)
assert "called with 2 arguments" in raises(TypeError, pull, 1.0, 1.0)
assert "called with 2 arguments" in raises(TypeError, pull.with_logs, 1.0, 1.0)
msg = raises(ValueError, pull, [1.0, 1.0])
assert "out was a <class 'tuple'> in the original output, but a <class 'list'> here" in msg
fact("VJP function: one cotangent, a tuple is not a list")
_, pull = jax.vjp(jnp.sin, 0.5)
assert "got int32[], but expected float32[]" in raises(ValueError, pull, 1)
_, pull16 = jax.vjp(jnp.sin, jnp.float16(0.5))
assert "got float32[], but expected float16[]" in raises(ValueError, pull16, 1.0)
_, pull_int = jax.vjp(lambda x: jnp.round(x).astype(jnp.int32), jnp.float32(2.3))
pull_int(1)  # an integer output takes an int cotangent of its shape
fact("int literal cotangent; float16 output; integer output")

# has_aux (JXE023): reverse-mode APIs share the message; jacfwd and jvp unpack themselves.
for api in (jax.grad, jax.value_and_grad, jax.jacrev, jax.hessian):
    assert "two-element tuple" in raises(TypeError, api(lambda x: jnp.sin(x), has_aux=True), 0.5)
assert "two-element tuple" not in raises(TypeError, jax.jacfwd(lambda x: jnp.sin(x), has_aux=True), 0.5)
fact("has_aux: grad, value_and_grad, jacrev, hessian; not jacfwd")

# argnums (JXE024): counted among positional arguments; a list is printed as a tuple.
msg = raises(TypeError, lambda: jax.grad(lambda a, b: a * b, argnums=[0, 1])(1.0, b=2.0))
assert "argnums=(0, 1) requires at least 2 positional arguments" in msg
fact("argnums counts positional arguments")

# saveable_args (JXE025, JXE026): only verbatim residuals; Python numbers never are.
mul = lambda a, b: a * b
_, pull = jax.vjp(mul, jnp.ones(3), jnp.ones(3), saveable_args=(True, False))
assert "not-saveable residuals" in raises(ValueError, pull, jnp.ones(3))
pull.args_res = [jnp.ones(3), jnp.ones(3)]
pull(jnp.ones(3))
jax.vjp(mul, 2.0, 3.0, saveable_args=(True, False))[1](1.0)
jax.vjp(lambda a, b: a + b, jnp.ones(3), jnp.ones(3), saveable_args=False)[1](jnp.ones(3))
jax.vjp(mul, jnp.ones(3), jnp.full(3, 2.0), saveable_args=(True, False))[1](jnp.ones(3))
fact("not-saveable only for verbatim residuals")
msg = raises(ValueError, lambda: jax.vjp(mul, 1.0, 2.0, saveable_args=None))
assert "but saveable_args has 0 children while the corresponding container has 2" in msg
jax.vjp(lambda p: p["a"] * p["b"], {"a": 1.0, "b": 2.0}, saveable_args=((True, False),))
fact("flags: None is an empty container; a tuple may stand for a dict")

# Gradient refs (vjp-with-refs-ref-type, vjp-ref-primal-*, vjp-accumulator-type).
_, int_vjp = jax.vjp(lambda a, n: jnp.sum(a) * jnp.sum(n), jnp.ones(2), jnp.arange(2))
int_vjp.with_refs(jax.ad.GradValue(), jax.new_ref(jnp.zeros(2, jnp.int32)))(1.0)
msg = raises(ValueError, int_vjp.with_refs, jax.ad.GradValue(), jax.new_ref(jnp.zeros(3)))
assert msg.endswith("requires a ref of type Ref{float0[2]}"), msg
_, float_vjp = jax.vjp(lambda a: a * 2.0, 3.0)
float_vjp.with_refs(jax.new_ref(jnp.zeros(())))(1.0)
fact("integer primals take any dtype of their shape; weak types ignored")

w_ref = jax.new_ref(jnp.ones(3))
_, ref_vjp = jax.vjp(lambda r, x: jnp.sum(r[...] * x), w_ref, jnp.arange(3.0))
no_refs = raises(ValueError, ref_vjp.with_refs)
assert no_refs == raises(ValueError, ref_vjp, 1.0) == raises(ValueError, ref_vjp.with_logs, 1.0)
assert "no gradient ref was provided" in no_refs
assert "can't be returned as a value" in raises(ValueError, ref_vjp.with_refs,
                                                jax.ad.GradValue(), jax.ad.GradValue())
assert "differentiate with respect to a Ref" in raises(TypeError, jax.grad(lambda r: jnp.sum(r[...])),
                                                       jax.new_ref(jnp.ones(2)))
ref_vjp.with_refs(jax.new_ref(jnp.zeros_like(w_ref)), jax.ad.GradValue())(1.0)
fact("Ref primals need with_refs; with_refs() applies directly; grad refuses Refs")

from jax.experimental.hijax import ValAccum
msg = raises(ValueError, int_vjp.with_refs, jax.ad.GradValue(), ValAccum(jax.typeof(jnp.zeros(2))))
assert msg == "Accumulator aval mismatch: expected float0[2], got float32[2]", msg
fact("accumulators get no integer exception")

# Refs where arrays are expected (ref-used-as-array).
r = jax.new_ref(jnp.ones(3))
for fn, name in ((jnp.abs, "absolute"), (jnp.divide, "true_divide"), (jnp.mod, "remainder"),
                 (jnp.conj, "conjugate")):
    args = (r,) if fn in (jnp.abs, jnp.conj) else (r, 2.0)
    assert raises(TypeError, fn, *args).startswith(f"{name} got a Ref of type Ref{{float32[3]}} at position 0")
assert raises(TypeError, jax.jit(lambda: jnp.sin(r))).startswith("sin got a Ref")
assert "unsupported operand" in raises(TypeError, lambda: r + 1)
assert "did you forget to unpack" in raises(ValueError, jax.lax.sin, r)
assert jnp.zeros_like(r).shape == jnp.shape(r) == r.shape == (3,)
assert raises(TypeError, jax.vmap(lambda x: jnp.sin(jax.new_ref(x))), jnp.ones(3)).startswith(
    "sin got a Ref of type Ref{float32[]}")
fact("jax.numpy refuses Refs; aliases; operators and lax differ")

# Writes into outside refs under vmap (ref-batched-write-under-vmap).
outside = jax.new_ref(jnp.zeros(()))
xs = jnp.arange(3.0)
for body in (lambda x: outside.__setitem__(..., 1.0), lambda x: outside.__setitem__(..., x)):
    assert "set/swap operation with vmapped value" in raises(Exception, jax.vmap(body), xs)
assert "addupdate operation" in raises(Exception, jax.vmap(lambda x: outside.addupdate(x)), xs)
assert "set/swap" in raises(Exception, jax.jit(jax.vmap(lambda x: outside.__setitem__(..., x))), xs)


def inside(x):
    scratch = jax.new_ref(jnp.zeros(()))
    scratch[...] = x
    return scratch[...] + outside[...]


jax.vmap(inside)(xs)
rows = jax.new_ref(jnp.zeros(3))
jax.vmap(lambda row, x: row.__setitem__(..., x))(rows, xs)
assert rows[...].tolist() == [0.0, 1.0, 2.0]
fact("vmap refuses writes into outside refs, even unbatched values; inside refs and mapped refs work")

for entry_id in ("vjp-with-refs-ref-type", "vjp-ref-primal-without-refs", "ref-used-as-array",
                 "ref-batched-write-under-vmap", "vjp-accumulator-type"):
    code = [d for d in catalog.get(entry_id).defensive if "\n" in d][0]
    f = lambda x: jnp.sum(x ** 2)
    exec(code, dict(jax=jax, jnp=jnp, f=f, x=jnp.ones(3)))
code = [d for d in catalog.get("vjp-ref-primal-grad-value").defensive if "\n" in d][0]
_, pv = jax.vjp(lambda r, x: jnp.sum(r[...] * x), jax.new_ref(jnp.ones(2)), jnp.ones(2))
exec(code, dict(jax=jax, jnp=jnp, f_vjp=pv, ct=1.0,
                primals=(jax.new_ref(jnp.ones(2)), jnp.ones(2))))
fact("ref defensive patterns run")

# tracer-bool-conversion: where `if` on a traced value fails, and how JAX words where.
def branchy(x):
    if x > 0:
        return x
    return -x


for transform in (jax.grad, jax.value_and_grad, jax.jacfwd, jax.jacrev, jax.hessian):
    transform(branchy)(1.0)
bool_error = jax.errors.TracerBoolConversionError
for label, run in (("jit", lambda: jax.jit(branchy)(1.0)),
                   ("jit", lambda: jax.eval_shape(branchy, 1.0)),
                   ("jit", lambda: jax.make_jaxpr(branchy)(1.0)),
                   ("checkpoint / remat", lambda: jax.grad(jax.checkpoint(branchy))(1.0)),
                   ("cond", lambda: jax.lax.cond(True, branchy, branchy, 1.0)),
                   ("while_cond", lambda: jax.lax.while_loop(lambda c: branchy(c) < 3, lambda c: c + 1, 0)),
                   ("while_body", lambda: jax.lax.while_loop(lambda c: c < 3, lambda c: branchy(c) + 1, 0)),
                   ("fori_loop", lambda: jax.lax.fori_loop(0, 2, lambda i, c: branchy(c), 0.0))):
    msg = raises(bool_error, run)
    assert f" for {label}. This concrete value" in msg, (label, msg)
assert "Consider using the `static_argnums` parameter" in raises(
    bool_error, jax.checkpoint(branchy), 1.0)
assert "This VmapTracer with object id" in raises(bool_error, jax.vmap(branchy), jnp.ones(2))
jax.vmap(lambda x, n: x * 2 if n > 0 else x, in_axes=(0, None))(jnp.ones(2), 1.0)
jax.jit(lambda x, flag=True: x * 2 if flag else x)(1.0)
raises(bool_error, jax.jit(lambda x: max(x, 0.0)), 1.0)
fact("bool of a tracer: grad family works, each transformation's label, vmap's wording")

# NumPy on tracers (tracer-numpy-conversion): ufuncs and conversions raise under jit and grad;
# functions NumPy hands to the array's own method do not; shapes and constants are no tracers.
import numpy as np
for transform in (jax.jit, jax.grad):
    for fn in (np.sin, np.asarray, np.float32, lambda t: np.maximum(0.0, t)):
        raises(jax.errors.TracerArrayConversionError, transform(lambda t, fn=fn: jnp.sum(fn(t))), 1.0)
jax.jit(lambda t: (np.sum(t), np.mean(t), np.max(t), np.reshape(t, (1,)), np.round(t)))(jnp.ones(1))
jax.jit(lambda t: t.astype(np.float32) * np.pi / np.prod(t.shape))(jnp.ones(2))
jax.grad(lambda w, b: jnp.sum(w * np.asarray(b)))(jnp.ones(2), jnp.ones(2))
fact("numpy on tracers")

# Boolean masks (traced-boolean-index): jit and vmap refuse, grad alone and NumPy masks work.
x6 = jnp.arange(6.0)
for fn in (lambda t: t[t > 2], lambda t: t.at[t > 2].set(0.0), lambda t: t[t.sum() > 2]):
    assert "got bool[" in raises(jax.errors.NonConcreteBooleanIndexError, jax.jit(fn), x6)
raises(jax.errors.NonConcreteBooleanIndexError, jax.vmap(lambda r: r[r > 1].sum()), x6.reshape(2, 3))
jax.grad(lambda t: t[t > 2].sum())(x6)
jax.jit(lambda t: t[np.arange(6) > 2])(x6)
assert float(jax.jit(lambda t: jnp.where(t > 2, t, 0).sum())(x6)) == float(x6[x6 > 2].sum())
ns = dict(jax=jax, jnp=jnp)
exec([d for d in catalog.get("traced-boolean-index").defensive if "\n" in d][0], ns)
fact("boolean masks")

# Slices (traced-slice-bounds): traced bounds raise; dynamic_slice_in_dim clamps at the end.
assert "at position 1" in raises(IndexError, jax.jit(lambda t, i: t[:, i:i + 2]), jnp.ones((2, 4)), 1)
window = jax.jit(lambda t, i: jax.lax.dynamic_slice_in_dim(t, i, 2))
assert window(x6, 5).tolist() == [4.0, 5.0] and x6[5:7].tolist() == [5.0]
assert window(x6, -1).tolist() == [4.0, 5.0] and x6[-1:1].tolist() == []
jax.grad(lambda t, i: t[i:i + 2].sum())(x6, 1)
exec([d for d in catalog.get("traced-slice-bounds").defensive if "\n" in d][0], dict(jax=jax, jnp=jnp))
exec([d for d in catalog.get("tracer-numpy-conversion").defensive if "\n" in d][0], dict(jax=jax, jnp=jnp))
fact("slices")

# non-array-argument: the message is the same for any non-array argument that is not static
# (a string, a function); the instance of a plain class fails at path self.
def _jit_arg(x, s):
    return x


for bad in ("abc", len):
    msg = raises(TypeError, jax.jit(_jit_arg), 1.0, bad)
    assert f"is of type {type(bad)} and was passed to the function at path s." in msg
fact("any non-array argument: the same message")

# static-argument-unhashable: a traced call hashes its static arguments too, and
# jax.disable_jit() hashes nothing.
_static_jit = jax.jit(lambda x, s: x * len(s), static_argnums=1)
msg = raises(ValueError, jax.jit(lambda x: _static_jit(x, [1, 2])), 1.0)
assert "hash an object of type <class 'list'>, [1, 2]. The error was:\nTypeError: unhashable type: 'list'" in msg
with jax.disable_jit():
    _static_jit(1.0, [1, 2])
fact("static arguments hashed under a trace, not under disable_jit")

# lax-dtype-mismatch: lax converts a Python scalar alone (int -> int32, float -> float32) and
# never promotes; the comparisons, rem and the bitwise operations carry no tip.
from jax import lax  # noqa: E402

lax.add(jnp.ones(3), 1.0)
msg = raises(TypeError, lax.add, jnp.ones(3, jnp.float16), 1.0)
assert msg.startswith("lax.add requires arguments to have the same dtypes, got float16, float32. (Tip")
assert raises(TypeError, lax.lt, jnp.ones(3), 1).endswith("got float32, int32.")
assert raises(TypeError, lax.bitwise_and, jnp.ones(3, bool), jnp.ones(3, jnp.int32)).startswith("lax.and ")
fact("lax: no promotion, weak types no help, tips only where jnp has the counterpart")

# prng-key-reuse: only typed keys are checked, only under jax_debug_key_reuse; fold_in,
# key_data and clone do not consume.
with jax.debug_key_reuse(True):
    legacy = jax.random.PRNGKey(0)
    jax.random.normal(legacy), jax.random.normal(legacy)
    typed = jax.random.key(0)
    jax.random.fold_in(typed, 1), jax.random.key_data(typed), jax.random.clone(typed)
    jax.random.normal(typed)
    msg = raises(jax.errors.KeyReuseError, jax.random.uniform, typed)
    assert msg.startswith("Previously-consumed key passed to jit-compiled function at index 0")
typed = jax.random.key(0)
jax.random.normal(typed), jax.random.normal(typed)
fact("key reuse: typed keys in debug mode only; fold_in, key_data, clone do not consume")

print("ALL FACTS OK:", json.dumps(checked))
'''


@pytest.fixture(scope="module")
def runs() -> dict[str, Result]:
    """Every program of this module, run once: the catalog examples, the example triggers and
    their fixed twins, and the facts."""
    programs: dict[str, Program] = {}
    for entry in ENTRIES:
        for kind, code in (("before", entry.example_before), ("after", entry.example_after)):
            if code:  # (an error this machine cannot raise has no `before`, maybe no `after`)
                programs[f"catalog:{entry.id}:{kind}"] = Program(code, f"catalog/{entry.id}/{kind}.py")
    for folder, names in (("triggers", TRIGGERS), ("fixed", FIXED)):
        for name in names:
            path = EXAMPLES / folder / name
            programs[f"{folder}/{name}"] = Program(path.read_text(encoding="utf-8"), str(path))
    programs["facts"] = Program(FACTS, "facts.py")
    return dict(zip(programs, run_programs(list(programs.values()))))


def _assert_raises(entry: Entry, run: Result, what: str) -> None:
    print(f"{what}: {run.type}: {run.message}")
    assert run.raised, f"{what} ran clean; expected {entry.exception}\n{run.stdout}"
    assert raised_one_of(run, entry.exceptions), f"{what}:\n{run}"
    # Raised at one of the entry's raise sites: file, function and line.
    assert raised_at_a_source(entry, run), (what, run.frame, entry.sources)
    # An XLA status that names where XLA made it names one of the entry's compiled sites.
    # (A status reporting what a Python site raised, made by XLA's FFI from the handler's
    # error: its trace names the FFI's places, not the handler.)
    compiled = [f"{s.file}:{s.line}" for s in entry.sources if s.library is not None
                and _compiled_part(entry, s.message or entry.message) == (s.message or entry.message)]
    if compiled and "=== Source Location Trace: ===" in (run.message or ""):
        assert any(site in run.message for site in compiled), (what, compiled, run.message)
    # The exact message is one of the entry's templates, placeholders filled in.
    assert any(fully_matches(t, run.message) for t in entry.messages), (
        f"{what}: message does not match {entry.id}'s templates:\n{run.message}")
    # And the catalog recognizes it, from the message (unless only Python's own wording at a
    # generic site says it: that needs the traceback) and from the whole traceback.
    if any(not source.generic and fully_matches(source.message or entry.message, run.message)
           for source in entry.sources):
        scored = CATALOG.match_scored(run.message)
        assert scored and scored[0].entry.id == entry.id and scored[0].full, (what, scored)
    scored = CATALOG.match_scored(run.traceback)
    assert scored and scored[0].entry.id == entry.id and scored[0].full, (what, run.traceback)
    assert f"{run.type}: " in run.traceback


def _assert_clean(run: Result, what: str) -> None:
    assert not run.raised, f"{what} did not run clean:\n{run}"


REPRODUCIBLE = [e for e in ENTRIES if e.reproducible]
WITH_AFTER = [e for e in ENTRIES if e.example_after]
UNREPRODUCIBLE = [e for e in ENTRIES if not e.reproducible]


@pytest.mark.parametrize("entry", REPRODUCIBLE, ids=[e.id for e in REPRODUCIBLE])
def test_example_before_raises_the_error(entry: Entry, runs: dict[str, Result]):
    _assert_raises(entry, runs[f"catalog:{entry.id}:before"], f"{entry.id} [example] before")


_INSTALLED_FILE = re.compile(r'File "[^"\n]*[/\\](site|dist)-packages[/\\]')


@pytest.mark.parametrize("entry", REPRODUCIBLE, ids=[e.id for e in REPRODUCIBLE])
def test_example_before_output_is_stored(entry: Entry, runs: dict[str, Result]):
    """catalog/_outputs/<id>.txt is what Python printed for `before`'s exception in this run
    (object addresses aside): the website shows it. JAXERR_UPDATE_OUTPUTS=1 rewrites it."""
    run = runs[f"catalog:{entry.id}:before"]
    assert run.raised and run.type and run.message is not None, str(run)
    kind = run.type if run.module in ("builtins", "__main__") else f"{run.module}.{run.type}"
    fresh = printed(kind, run.message)
    # (Python adds its own suggestion to an AttributeError's line: ". Did you mean: 'x'?")
    suggested = re.search(re.escape(fresh.rstrip("\n")) + r"(\. Did you mean: '[^'\n]+'\?)\n", f"{run.traceback}\n")
    if suggested is not None:
        fresh = fresh.rstrip("\n") + suggested.group(1) + "\n"
    assert f"\n{fresh}" in f"\n{run.traceback}", (fresh, run.traceback)  # as Python printed it
    # (A message quoting a traceback, a host callback's, names the installed packages' files
    # where they are on this machine: stored from the packages' folder on.)
    fresh = _INSTALLED_FILE.sub(r'File "…/\1-packages/', fresh)
    path = output_path(CATALOG.directory, entry.id)
    if os.environ.get("JAXERR_UPDATE_OUTPUTS") == "1":
        stored = read_output(CATALOG.directory, entry.id)
        if stored is None or not same_output(stored, fresh):
            path.parent.mkdir(exist_ok=True)
            path.write_text(fresh, encoding="utf-8")
    stored = read_output(CATALOG.directory, entry.id)
    assert stored is not None, f"{path} is missing: run this test with JAXERR_UPDATE_OUTPUTS=1"
    assert same_output(stored, fresh), (
        f"{path} differs from what JAX printed now (JAXERR_UPDATE_OUTPUTS=1 rewrites it):\n{fresh}")


@pytest.mark.parametrize("entry", WITH_AFTER, ids=[e.id for e in WITH_AFTER])
def test_example_after_runs_clean(entry: Entry, runs: dict[str, Result]):
    _assert_clean(runs[f"catalog:{entry.id}:after"], f"{entry.id} [example] after")


def test_every_reproducible_entry_has_both_examples():
    assert [e.id for e in REPRODUCIBLE if not (e.example_before and e.example_after)] == []


@pytest.mark.parametrize("entry", UNREPRODUCIBLE, ids=[e.id for e in UNREPRODUCIBLE])
def test_unreproducible_entry_is_verified_where_it_is_built(entry: Entry):
    """An error this machine cannot raise has no `before`, says why, and each of its raise
    sites is a file or compiled library of the installed JAX (whose text
    test_source_site_is_the_raise_in_installed_jax checks against the templates), or a library
    of a plugin's wheel, found there by scripts/verify_plugin_wordings.py."""
    assert not entry.example_before and entry.why_not_reproduced.strip()
    assert entry.sources
    for source in entry.sources:
        if source.wheel is not None:
            check_site(entry, source)
            continue
        installed = _installed(source.library or source.file)
        assert installed.is_file(), (entry.id, installed)


@pytest.mark.parametrize("name", TRIGGERS)
def test_trigger_raises_the_error(name: str, runs: dict[str, Result]):
    _assert_raises(_entry_for_example(name), runs[f"triggers/{name}"], f"examples/triggers/{name}")


@pytest.mark.parametrize("name", FIXED)
def test_fixed_runs_clean(name: str, runs: dict[str, Result]):
    _assert_clean(runs[f"fixed/{name}"], f"examples/fixed/{name}")


def test_hijax_variant_is_exercised(runs: dict[str, Result]):
    """At least one trigger goes through jax/_src/hijax.py, whose message names the bwd rule."""
    hijax = [name for name in TRIGGERS if (msg := runs[f"triggers/{name}"].message)
             and re.match(r"Custom VJP bwd rule <function \w+ at 0x[0-9a-f]+> was registered", msg)]
    assert hijax, "no trigger runs the jax_custom_vjp3 (hijax) path"


def test_catalog_claims_hold_in_installed_jax(runs: dict[str, Result]):
    run = runs["facts"]
    print(run.stdout)
    assert not run.raised and "ALL FACTS OK" in run.stdout, str(run)
