"""Small libcst helpers: rendering, parentheses, pairs, dict literals, keys."""

from __future__ import annotations

import io
import tokenize
from collections.abc import Sequence

import libcst as cst

EMPTY = cst.Module([])


def render(node: cst.CSTNode) -> str:
    return EMPTY.code_for_node(node)


_SKIP = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
         tokenize.ENDMARKER}


def preview_of(node: cst.CSTNode, limit: int = 60) -> str:
    """A one-line rendering of `node` for a title: the code's own tokens and quotes, without
    comments, line breaks or padding inside brackets."""
    code = render(node)
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(f"({code}\n)").readline)
                  if t.type not in _SKIP][1:-1]
    except (tokenize.TokenError, SyntaxError, ValueError):
        tokens = []
    if tokens:
        parts = [tokens[0].string]
        for before, token in zip(tokens, tokens[1:]):
            spaced = before.end != token.start
            if spaced and before.string not in "([{" and token.string not in ")]},":
                parts.append(" ")
            parts.append(token.string)
        text = "".join(parts)
    else:
        text = " ".join(code.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pair_preview_of(first: cst.BaseExpression) -> str:
    return f"{preview_of(parenthesized(first), 50)}, None"


def parenthesized(node: cst.BaseExpression) -> cst.BaseExpression:
    """`node` with parentheses if it is a bare tuple (so it can be a tuple element)."""
    if isinstance(node, cst.Tuple) and not node.lpar:
        return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return node


def pair_with_none(first: cst.BaseExpression, bare: bool) -> cst.Tuple:
    """`(first, None)`; without its parentheses when `bare` (a `return` value)."""
    pair = cst.Tuple(
        [
            cst.Element(parenthesized(first), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Element(cst.Name("None")),
        ]
    )
    return pair.with_changes(lpar=[], rpar=[]) if bare else pair


def string(value: str, quote: str) -> cst.SimpleString:
    if quote == '"' and '"' not in value and "\\" not in value and value.isprintable():
        return cst.SimpleString(f'"{value}"')
    return cst.SimpleString(repr(value))


def quote_style(text: str, file_source: str = "") -> str:
    """The quote character of the first string literal in `text`; without one, the one the
    file uses most (a rough count of quote characters); "'" by default."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING:
                body = tok.string.lstrip("rRbBuUfF")
                return '"' if body.startswith('"') else "'"
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return '"' if file_source.count('"') > file_source.count("'") else "'"


def sequence_to_dict(
    node: cst.List | cst.Tuple | cst.Set, keys: Sequence[str], quote: str
) -> cst.Dict:
    """A dict literal with `keys[i]` for element i, keeping the literal's layout and comments."""
    if isinstance(node, cst.Tuple):
        open_ws = node.lpar[-1].whitespace_after if node.lpar else cst.SimpleWhitespace("")
        close_ws = node.rpar[0].whitespace_before if node.rpar else cst.SimpleWhitespace("")
        lpar, rpar = list(node.lpar[:-1]), list(node.rpar[1:])
    else:
        opener: cst.CSTNode
        closer: cst.CSTNode
        if isinstance(node, cst.List):
            opener, closer = node.lbracket, node.rbracket
        else:
            opener, closer = node.lbrace, node.rbrace
        open_ws, close_ws = opener.whitespace_after, closer.whitespace_before
        lpar, rpar = list(node.lpar), list(node.rpar)
    elements = [
        cst.DictElement(string(key, quote), element.value, comma=element.comma)
        for key, element in zip(keys, node.elements)
    ]
    if isinstance(node, cst.Tuple) and len(elements) == 1:
        # `(x,)`: the comma makes the tuple; a dict does not need it
        elements[0] = elements[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return cst.Dict(
        elements,
        lbrace=cst.LeftCurlyBrace(whitespace_after=open_ws),
        rbrace=cst.RightCurlyBrace(whitespace_before=close_ws),
        lpar=lpar,
        rpar=rpar,
    )


def unique(names: Sequence[str]) -> list[str]:
    used: set[str] = set()
    out = []
    for name in names:
        candidate, n = name, 1
        while candidate in used:
            candidate = f"{name}_{n}"
            n += 1
        used.add(candidate)
        out.append(candidate)
    return out


def callee_name(call: cst.Call) -> str | None:
    func = call.func
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None

