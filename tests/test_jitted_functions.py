"""The public functions of JAX that are themselves jitted with static arguments
(`jaxerr_lsp/data/jitted_functions.json`), read off the installed JAX by
`scripts/gen_jitted_functions.py`, not typed by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from jaxerr_lsp.rules.transformations.static_argument_unhashable import JITTED_JAX_FUNCTIONS

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_is_what_the_installed_jax_jits() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_jitted_functions.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_the_rule_reads_positions_and_names() -> None:
    positional, static = JITTED_JAX_FUNCTIONS["jax.numpy.sort"]
    assert positional[:2] == ("a", "axis") and "axis" in static and "a" not in static
    positional, static = JITTED_JAX_FUNCTIONS["jax.numpy.triu"]
    assert positional == ("m", "k") and static == frozenset({"k"})
