"""notebook.py: code cells joined as one program, positions and edits mapped both ways."""

from __future__ import annotations

import ast

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.notebooks.cells import CellEdit, apply_cell_edits, join_cells, split_lines


def test_cells_join_in_order_each_on_its_own_lines() -> None:
    joined = join_cells(["import jax\n", "def f(x):\n    return x", "jax.jit(f)(1)"])
    assert joined.source == "import jax\n\ndef f(x):\n    return x\njax.jit(f)(1)"
    assert joined.starts == (1, 3, 5)
    assert joined.to_cell(4, 4) == (1, 2, 4)
    assert joined.to_program(1, 2, 4) == (4, 4)
    assert joined.to_cell(2, 0) == (0, 2, 0)  # the empty last line of "import jax\n"
    assert joined.to_cell(5, 3) == (2, 1, 3)


def test_every_position_maps_there_and_back() -> None:
    cells = ["a = 1\r\nb = 2\n", "%time f(a)\nc = 3", "", "!ls\nx = !pwd"]
    joined = join_cells(cells)
    for cell, text in enumerate(cells):
        for line_index, line in enumerate(split_lines(text), start=1):
            for column in range(len(line) + 1):
                program = joined.to_program(cell, line_index, column)
                assert joined.to_cell(*program) == (cell, line_index, column)


def test_program_lines_are_as_long_as_the_cell_lines() -> None:
    cells = ["%matplotlib inline\nimport jax", "files = !ls -l\n  ?jax.jit\njax.jit??",
             "%%bash\necho hi\n\nls", "%%time\ny = jax.numpy.ones(3)"]
    joined = join_cells(cells)
    program_lines = joined.source.split("\n")
    cell_lines = [line for cell in cells for line in split_lines(cell)]
    assert [len(line) for line in program_lines] == [len(line) for line in cell_lines]


def test_magics_shell_and_help_lines_are_masked_and_the_program_parses() -> None:
    cells = [
        "%matplotlib inline\n%load_ext autoreload",
        "import jax\n!pip install jax\n!!ls",
        "files = !ls\nout, err = %sx pwd",
        "jax.jit?\n?jax.grad\n%timeit?\njax.numpy.sum??",
        "for i in range(3):\n    %time jax.numpy.ones(i)",
    ]
    source = join_cells(cells).source
    ast.parse(source)
    lines = source.split("\n")
    assert lines[0] == "_#atplotlib inline"
    assert lines[3] == "_#ip install jax"
    assert lines[5] == "files = _#s"
    assert lines[7] == "_#x.jit?"
    assert lines[12] == "    _#ime jax.numpy.ones(i)"


def test_escapes_inside_strings_brackets_and_continued_lines_stay() -> None:
    cells = ['doc = """\n!not a shell line\n%not a magic\n"""',
             "x = (1\n     % 2)",
             "y = 7 \\\n    % 3",
             "z = 'a' if 1 != 2 else 'b'",
             "w = 3 # a comment?",
             'v = f"{d["k"]}?"\nu = f\'\'\'\n!{v}\n\'\'\'',
             "t = 'it''s' if a % b else \"%s\" % c\n@jax.jit\ndef g(x): return x"]
    joined = join_cells(cells)
    assert joined.source == "\n".join(cells)
    assert joined.masked == ()


def test_an_escape_continues_over_backslashes_and_open_brackets() -> None:
    joined = join_cells(["!echo a \\\n  b\n%time f(1,\n   2)\nx = 1"])
    assert joined.source.split("\n") == ["_#cho a \\", "  #", "_#ime f(1,", "   #)", "x = 1"]
    ast.parse(joined.source)


def test_cell_magics_mask_the_cell_unless_its_body_is_python() -> None:
    joined = join_cells(["\n%%bash\nif [ -x a ]; then\n  echo (\nfi", "%%timeit -n 2\nf(1)",
                         "x = 1"])
    assert joined.source.split("\n") == ["", "#%bash", "#f [ -x a ]; then", "  #cho (", "#i",
                                         "_#timeit -n 2", "f(1)", "x = 1"]
    ast.parse(joined.source)


def test_an_edit_inside_one_cell_maps_to_that_cell() -> None:
    joined = join_cells(["import jax", "def f(x):\n    return x", "g = jax.jit(f)"])
    edit = joined.edit_to_cell(Span(3, 11, 3, 12), "x + 1")
    assert edit == CellEdit(1, Span(2, 11, 2, 12), "x + 1")
    assert apply_cell_edits(joined.cells[1], [edit]) == "def f(x):\n    return x + 1"


def test_an_edit_spanning_two_cells_is_refused() -> None:
    joined = join_cells(["a = 1", "b = 2"])
    assert joined.edit_to_cell(Span(1, 2, 2, 1), "") is None
    assert joined.span_to_cell(Span(1, 0, 2, 5)) is None


def test_an_edit_touching_masked_text_is_refused() -> None:
    joined = join_cells(["%%bash\nls", "x = !ls\ny = 1"])
    assert joined.edit_to_cell(Span(1, 0, 1, 0), "import functools\n") is None
    assert joined.edit_to_cell(Span(2, 0, 2, 0), "a") is None
    assert joined.edit_to_cell(Span(3, 4, 3, 7), "1") is None
    assert joined.edit_to_cell(Span(4, 0, 4, 1), "z") == CellEdit(1, Span(2, 0, 2, 1), "z")


def test_a_whole_last_line_deleted_keeps_the_join() -> None:
    joined = join_cells(["a = 1\nb = 2", "c = 3"])
    deleted = joined.edit_to_cell(Span(2, 0, 3, 0), "")
    assert deleted == CellEdit(0, Span(2, 0, 2, 5), "")
    replaced = joined.edit_to_cell(Span(2, 0, 3, 0), "b = 4\n")
    assert replaced == CellEdit(0, Span(2, 0, 2, 5), "b = 4")
    assert joined.edit_to_cell(Span(2, 0, 3, 0), "b = 4") is None


def test_an_insertion_at_a_cell_start_belongs_to_that_cell() -> None:
    joined = join_cells(["a = 1", "b = 2"])
    edit = joined.edit_to_cell(Span(2, 0, 2, 0), "import jax\n")
    assert edit == CellEdit(1, Span(1, 0, 1, 0), "import jax\n")
    assert apply_cell_edits("b = 2", [edit]) == "import jax\nb = 2"


def test_cell_edits_keep_the_cells_own_line_breaks() -> None:
    text = "a = 1\r\nb = 2\r\n"
    edits = [CellEdit(0, Span(2, 4, 2, 5), "3"), CellEdit(0, Span(1, 0, 1, 0), "# x\r\n")]
    assert apply_cell_edits(text, edits) == "# x\r\na = 1\r\nb = 3\r\n"
    with pytest.raises(ValueError):
        apply_cell_edits(text, [CellEdit(0, Span(1, 0, 1, 3), ""), CellEdit(0, Span(1, 2, 1, 4), "")])


def test_no_cells_is_an_empty_program() -> None:
    joined = join_cells([])
    assert joined.source == ""
    with pytest.raises(ValueError):
        joined.to_cell(1, 0)


def test_cells_are_named_by_their_numbers_in_messages() -> None:
    joined = join_cells(["import jax", "def f(x):\n    return x"], numbers=[2, 5])
    assert joined.number(1) == 5 and join_cells(["a"]).number(0) == 1
    message = "while tracing the function f at nb.ipynb:3 for jit (nb.ipynb:30 is past the end)"
    assert joined.cell_references(message, "nb.ipynb") == (
        "while tracing the function f at nb.ipynb:cell 5:2 for jit (nb.ipynb:cell 5:2 is past "
        "the end)")
    with pytest.raises(ValueError):
        join_cells(["a"], numbers=[1, 2])


PYTHON_PROGRAMS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                           suppress_health_check=list(HealthCheck))


@PYTHON_PROGRAMS
@given(hypothesmith.from_grammar(), hypothesmith.from_node())
def test_python_is_never_taken_for_an_escape(grammar_program: str, node_program: str) -> None:
    """Cells that are plain Python (generated from Python's grammar and from libcst's nodes) are
    the program as they are: nothing in valid Python looks like a magic, a shell or help line."""
    cells = [grammar_program, node_program]
    joined = join_cells(cells)
    assert joined.masked == ()
    assert joined.source == "\n".join("\n".join(split_lines(cell)) for cell in cells)
