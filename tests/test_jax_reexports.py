"""JAX's public API reached through its private modules resolves to its public names, from a
table read off the installed JAX (`scripts/gen_jax_reexports.py`), not typed by hand."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from jaxerr_lsp.analysis.model import ModuleModel, public_name
from jaxerr_lsp.engine.run import analyze

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_is_what_the_installed_jax_reexports() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_jax_reexports.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_private_names_map_to_public_ones() -> None:
    assert public_name("jax._src.api.jit") == "jax.jit"
    assert public_name("jax._src.lax.control_flow.loops.scan") == "jax.lax.scan"
    assert public_name("jax._src.numpy.array_creation.zeros") == "jax.numpy.zeros"
    assert public_name("jax._src.api.jit.lower") == "jax.jit.lower"
    assert public_name("jax._src.no_such_module.thing") == "jax._src.no_such_module.thing"
    assert public_name("numpy.zeros") == "numpy.zeros"


def test_qualname_sees_through_private_imports() -> None:
    source = ("from jax._src import api\nimport jax._src.numpy.array_creation as ac\n"
              "from jax._src.lax.control_flow import scan\napi.jit\nac.zeros\nscan\n")
    tree = ast.parse(source)
    model = ModuleModel(tree)
    names = [model.qualname(statement.value) for statement in tree.body[3:]
             if isinstance(statement, ast.Expr)]
    assert names == ["jax.jit", "jax.numpy.zeros", "jax.lax.scan"]


def test_rules_flag_code_written_against_private_modules() -> None:
    source = ("from jax._src import api\nfrom jax._src.numpy import array_creation as ac\n\n"
              "y = ac.zeros(3)\ny[0] = 1.0\n\n@api.jit\ndef f(x: api.Array):\n"
              "    return x * 0.5 if x > 0 else x\n")
    codes = sorted((f.code, f.span.start_line) for f in analyze(source).findings)
    assert ("JXE080", 5) in codes and ("JXE070", 9) in codes, codes


def test_flax_activations_are_jax_nn_functions() -> None:
    import flax.linen
    import jax

    from jaxerr_lsp.analysis.model import FLAX_JAX_NN, flax_public_name

    for name in sorted(FLAX_JAX_NN):
        assert getattr(flax.linen, name) is getattr(jax.nn, name), name
        assert flax_public_name(f"flax.linen.{name}") == f"jax.nn.{name}"
    reexported = {name for name in dir(flax.linen)
                  if callable(getattr(flax.linen, name)) and getattr(jax.nn, name, None) is getattr(flax.linen, name)}
    assert reexported == FLAX_JAX_NN
    assert flax_public_name("flax.linen.Dense") == "flax.linen.Dense"
