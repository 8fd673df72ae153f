"""Position conversion between the engine (1-based lines, code-point columns) and LSP encodings."""

from __future__ import annotations

import pytest
from lsprotocol import types

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.server.positions import (PositionConverter, choose_encoding, column_to_units,
                                      split_lines, units_to_column)

LINE = 'tag = "🙂é"; x = f(y)'  # 🙂 is astral (2 UTF-16 units, 4 UTF-8 bytes); é is 2 UTF-8 bytes
X = LINE.index("x =")


@pytest.mark.parametrize("encoding, expected", [("utf-32", X), ("utf-16", X + 1), ("utf-8", X + 3 + 1)])
def test_columns_after_non_ascii(encoding, expected):
    assert column_to_units(LINE, X, encoding) == expected
    assert units_to_column(LINE, expected, encoding) == X
    codec = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}[encoding]
    width = {"utf-8": 1, "utf-16": 2, "utf-32": 4}[encoding]
    for column in range(len(LINE) + 1):
        units = len(LINE[:column].encode(codec)) // width
        assert column_to_units(LINE, column, encoding) == units
        assert units_to_column(LINE, units, encoding) == column


def test_inside_a_character_maps_to_its_start_and_past_the_end_to_the_end():
    emoji = LINE.index("🙂")
    assert units_to_column(LINE, emoji + 1, "utf-16") == emoji  # between the surrogates
    assert units_to_column(LINE, emoji + 2, "utf-8") == emoji  # inside the 4 bytes
    assert units_to_column(LINE, 10**6, "utf-16") == len(LINE)
    assert column_to_units(LINE, 10**6, "utf-8") == len(LINE.encode())


def test_converter_ranges_and_lines():
    text = "a = 1\r\n" + LINE + "\rlast\n"
    assert split_lines(text) == ["a = 1", LINE, "last", ""]
    conv = PositionConverter(text, "utf-16")
    rng = conv.range(Span(2, X, 2, X + 1))
    assert rng == types.Range(start=types.Position(line=1, character=X + 1),
                              end=types.Position(line=1, character=X + 2))
    assert conv.from_position(types.Position(line=1, character=X + 1)) == (2, X)
    assert conv.from_position(types.Position(line=10**6, character=0)) is None
    assert conv.to_span(rng) == Span(2, X, 2, X + 1)
    # A form feed or a vertical tab is not a line break for LSP (it is for str.splitlines).
    assert split_lines("a\x0cb\x0bc\u2028d\n") == ["a\x0cb\x0bc\u2028d", ""]


def test_lone_surrogates_do_not_crash():
    line = "x = '\ud800'; y"
    for encoding in ("utf-8", "utf-16", "utf-32"):
        units = column_to_units(line, len(line), encoding)
        assert units_to_column(line, units, encoding) == len(line)


@pytest.mark.parametrize("offered, chosen", [
    (None, "utf-16"),
    ([], "utf-16"),
    (["utf-8", "utf-16", "utf-32"], "utf-16"),
    (["utf-32", "utf-8"], "utf-32"),
    (["utf-8"], "utf-8"),
    (["utf-7", "utf-32"], "utf-32"),
    (["utf-7"], "utf-16"),
])
def test_choose_encoding(offered, chosen):
    assert choose_encoding(offered) == chosen
