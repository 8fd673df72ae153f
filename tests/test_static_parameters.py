"""The parameters JAX's public functions convert with `core.concrete_or_error` before anything
else (`jaxerr_lsp/data/static_parameters.json`), read off the installed JAX's source by
`scripts/gen_static_parameters.py`, not typed by hand; JXE071 reads them beside its measured rows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from jaxerr_lsp.rules.tracers.tracer_concretization import STATIC_PARAMETER_CONTEXTS

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_is_what_the_installed_jax_converts() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_static_parameters.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_generated_rows_join_the_measured_ones() -> None:
    assert STATIC_PARAMETER_CONTEXTS["jax.scipy.special.multigammaln"] == (
        ("d", 1, "d argument of multigammaln"),)
    assert ("M", 0, "M argument of jnp.hanning") in STATIC_PARAMETER_CONTEXTS["jax.numpy.hanning"]
    # A measured row keeps its own context (one_hot's is also found in JAX's source).
    assert STATIC_PARAMETER_CONTEXTS["jax.nn.one_hot"] == (
        ("num_classes", 1, "The error arose in jax.nn.one_hot argument `num_classes`."),)
