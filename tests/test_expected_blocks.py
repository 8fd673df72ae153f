"""Code meant to raise is reported; code that recovers is not.

A finding inside a block that expects the error (`with pytest.raises(...)`,
`with self.assertRaisesRegex(...)`) is what the test asserts: the engine reports it. The same
statement in the body of a `try` whose handler catches the error stays silent: the program
recovers (`families.expected_errors.caught_at`).

Each program below marks its findings with `# expect:`. Under JAX, the program with the
expecting `with` line turned into `if True:` (same lines) raises what each finding predicts;
the engine finds exactly the markers in the program as written, and nothing once the `with`
becomes a `try` whose handler catches every exception.
"""

from __future__ import annotations

import ast
import re

import pytest

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.errors.catalog import load_catalog
from tests.case_files import fully_matches, raised_one_of
from tests.jax_runner import Program, Result, run_programs

PROGRAMS = {
    "deleted_in_test_method": '''\
import unittest

import jax.numpy as jnp


class DeleteTest(unittest.TestCase):
    def test_read_after_delete(self):
        x = jnp.array([1, 2, 3])
        x.delete()
        with self.assertRaisesRegex(RuntimeError, "Array has been deleted"):
            _ = x + 1  # expect: JXE139


if __name__ == "__main__":
    DeleteTest("test_read_after_delete").test_read_after_delete()
''',
    "hash_of_array": '''\
import jax.numpy as jnp
import pytest

values = jnp.arange(4)
with pytest.raises(TypeError, match="unhashable type"):
    hash(values)  # expect: JXE113
''',
    "string_to_grad": '''\
import jax
import pytest


def identity(x):
    return x


with pytest.raises(TypeError, match="is not a valid JAX type"):
    jax.grad(identity)("foo")  # expect: JXE142
''',
}

_MARKER = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def _markers(source: str) -> list[tuple[str, int]]:
    return sorted((code.strip(), number) for number, line in enumerate(source.splitlines(), 1)
                  if (found := _MARKER.search(line)) for code in found.group(1).split(","))


def _expecting_block(source: str) -> ast.With:
    return next(node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.With))


def _unwrapped(source: str) -> str:
    """The program with its expecting `with` line turned into `if True:` (lines kept)."""
    lines = source.splitlines()
    block = _expecting_block(source)
    header = lines[block.lineno - 1]
    lines[block.lineno - 1] = header[:len(header) - len(header.lstrip())] + "if True:"
    return "\n".join(lines) + "\n"


def _recovering(source: str) -> str:
    """The program with its expecting `with` turned into a `try` whose handler catches."""
    lines = source.splitlines()
    block = _expecting_block(source)
    header = lines[block.lineno - 1]
    indent = header[:len(header) - len(header.lstrip())]
    lines[block.lineno - 1] = indent + "try:"
    end = block.end_lineno or block.lineno
    lines[end:end] = [indent + "except Exception:", indent + "    pass"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def runs() -> dict[str, Result]:
    """Each program with its block unwrapped, run once under JAX (one batch)."""
    names = list(PROGRAMS)
    results = run_programs([Program(_unwrapped(PROGRAMS[n]), f"{n}.py") for n in names])
    return dict(zip(names, results))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_reported_inside_the_block_that_expects_it(name: str) -> None:
    source = PROGRAMS[name]
    found = analyze(source, path=f"{name}.py").findings
    assert sorted((f.code, f.span.start_line) for f in found) == _markers(source)


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_jax_raises_what_the_finding_predicts(name: str, runs: dict[str, Result]) -> None:
    source = _unwrapped(PROGRAMS[name])
    found = analyze(source, path=f"{name}.py").findings
    result = runs[name]
    assert found and result.raised, (found, result)
    for finding in found:
        entry = load_catalog().get(finding.catalog_id)
        assert raised_one_of(result, entry.exceptions), str(result)
        assert finding.predicted and fully_matches(finding.predicted, result.message), (
            result.message, finding.predicted)


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_silent_where_a_handler_catches_it(name: str) -> None:
    source = _recovering(PROGRAMS[name])
    ast.parse(source)
    assert analyze(source, path=f"{name}.py").findings == []
