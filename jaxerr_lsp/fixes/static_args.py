"""Make a parameter of a jitted function static: the fix the tracer-error rules share.

The jit site is the decorator (`@jax.jit`, `@partial(jax.jit, static_argnums=0)`,
`@jax.jit(static_argnames="m")`) or the call (`jax.jit(f)`, `jax.jit(f, static_argnames=...)`)
the tracing model reports as the transform's site. The edit rewrites that expression only:

- a bare `jax.jit` becomes `jax.jit(static_argnames=("n",))` (jit called without a function
  returns a decorator, in JAX 0.12);
- a call without static options gets `static_argnames=("n",)` (JAX infers the position from
  the signature, so positional and keyword calls are both static);
- `static_argnames` written out as a string or a tuple/list of strings gets the name added;
  `static_argnums` written out gets the position added; when both are written, both get it
  (JAX then infers neither from the other).
Anything else (options in a variable, `**options`) gets no edit.
"""

from __future__ import annotations

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.fixes.edits import TextEdit
from jaxerr_lsp.fixes.text import Lines


def static_argument_edit(lines: Lines, site: Span, name: str, position: int | None) -> TextEdit | None:
    """The edit of the jit site at `site` that makes parameter `name` (at `position` among the
    positional parameters, None when keyword-only) static; None when the site's text is not a
    form this can rewrite."""
    import libcst as cst

    from jaxerr_lsp.fixes.nodes import quote_style, render, string

    text = lines.text(site)
    quote = quote_style(text, lines.source)
    try:
        node = cst.parse_expression(text)
    except cst.ParserSyntaxError:
        return None
    names_value = cst.Tuple([cst.Element(string(name, quote), comma=cst.Comma())])
    if isinstance(node, (cst.Name, cst.Attribute)):
        new = cst.Call(node, [cst.Arg(names_value, keyword=cst.Name("static_argnames"),
                                      equal=_equal())])
        return TextEdit(site, render(new))
    if not isinstance(node, cst.Call) or any(a.star for a in node.args):
        return None
    by_keyword = {a.keyword.value: i for i, a in enumerate(node.args) if a.keyword is not None}
    args = list(node.args)
    if "static_argnames" not in by_keyword and "static_argnums" not in by_keyword:
        if args:
            args[-1] = args[-1].with_changes(comma=_comma())
        args.append(cst.Arg(names_value, keyword=cst.Name("static_argnames"), equal=_equal()))
        return TextEdit(site, render(node.with_changes(args=args)))
    for keyword, value in (("static_argnames", name), ("static_argnums", position)):
        if keyword not in by_keyword:
            continue
        if value is None:
            return None
        index = by_keyword[keyword]
        extended = _with_element(args[index].value, value, quote)
        if extended is None:
            return None
        args[index] = args[index].with_changes(value=extended)
    return TextEdit(site, render(node.with_changes(args=args)))


def _with_element(value: object, added: str | int, quote: str) -> object | None:
    """A str/int or a tuple/list display of them, with `added` appended (as a tuple when it
    was a single value); None for anything else."""
    import libcst as cst

    from jaxerr_lsp.fixes.nodes import string

    element: cst.BaseExpression = string(added, quote) if isinstance(added, str) \
        else cst.Integer(str(added))
    single = (cst.SimpleString,) if isinstance(added, str) else (cst.Integer, cst.UnaryOperation)
    if isinstance(value, single):
        return cst.Tuple([cst.Element(value, comma=_comma()),  # type: ignore[arg-type]
                          cst.Element(element)])
    if isinstance(value, (cst.Tuple, cst.List)):
        elements = list(value.elements)
        if elements:
            elements[-1] = elements[-1].with_changes(comma=_comma())
        elements.append(cst.Element(element))
        if isinstance(value, cst.Tuple) and not value.lpar:
            return value.with_changes(elements=elements, lpar=[cst.LeftParen()],
                                      rpar=[cst.RightParen()])
        return value.with_changes(elements=elements)
    return None


def _comma():  # type: ignore[no-untyped-def]
    import libcst as cst

    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _equal():  # type: ignore[no-untyped-def]
    import libcst as cst

    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))
