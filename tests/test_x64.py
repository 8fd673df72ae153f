"""x64 detection on real files: a file that turns on 64-bit types in any of the ways JAX
offers gets no default dtypes from the inference, and JAX confirms the dtypes do change."""

from __future__ import annotations

import ast
import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.core.source import parse_source
from jaxerr_lsp.engine.rule import Context
from tests.jax_runner import run_programs

FORMS = {
    "config.update": 'import jax\njax.config.update("jax_enable_x64", True)\n',
    "environment": 'import os\nos.environ["JAX_ENABLE_X64"] = "1"\nimport jax\n',
    "config attribute": 'import jax\nfrom jax import config\nconfig.update("jax_enable_x64", True)\n',
}
BODY = "import jax.numpy as jnp\nx = jnp.ones(3)\ny = jnp.arange(3)\nprint(x.dtype, y.dtype)\n"


def names(source: str) -> dict[str, object]:
    parsed = parse_source(source)
    assert parsed.tree is not None
    context = Context(parsed, ModuleModel(parsed.tree))
    printed = parsed.tree.body[-1]
    assert isinstance(printed, ast.Expr) and isinstance(printed.value, ast.Call)
    return {"x64": context.values.x64,
            "avals": [context.values.aval(a.value) for a in printed.value.args  # type: ignore[attr-defined]
                      if isinstance(a, ast.Attribute)]}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_files_that_turn_on_x64_get_no_default_dtypes(form: str) -> None:
    seen = names(FORMS[form] + BODY)
    assert seen == {"x64": True, "avals": [None, None]}


def test_a_file_without_x64_gets_float32_and_int32() -> None:
    seen = names("import jax\n" + BODY)
    assert seen["x64"] is False
    assert [str(a) for a in seen["avals"]] == ["float32[3]", "int32[3]"]  # type: ignore[attr-defined]


def test_jax_changes_the_default_dtypes_in_each_form() -> None:
    # (the environment form acts only when JAX is first imported, which the batch runner
    # has done already: the two config forms are run)
    forms = ["config attribute", "config.update"]
    results = run_programs([FORMS[form] + BODY for form in forms] + ["import jax\n" + BODY])
    assert all(not r.raised for r in results), [r.traceback for r in results]
    printed = [r.stdout.strip() for r in results]
    assert printed == ["float64 int64", "float64 int64", "float32 int32"], printed
