"""JXE162's table of axis-taking functions (`families.shapes._AXIS_FUNCTIONS`, `_AXIS_METHODS`)
held against real JAX: each, given an axis one past the array's rank where the table says the
axis goes, raises what the rule predicts: IndexError "tuple index out of range" where the table
says JAX reads the shape first, canonicalize_axis's ValueError naming the rank it checks
otherwise (the array's, one more for `expand_dims` and `one_hot`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from jaxerr_lsp.families.shapes import _AXIS_FUNCTIONS, _AXIS_METHODS

PROGRAM = r"""
import importlib, json, sys
import jax.numpy as jnp
table, methods = json.loads(sys.argv[1]), json.loads(sys.argv[2])
m = jnp.ones((2, 3))
out = {}

def outcome(run):
    try:
        run()
        return "ran"
    except Exception as e:
        return f"{type(e).__name__}: {e}".splitlines()[0]

for qualname, (position, extra) in table.items():
    module, _, name = qualname.rpartition(".")
    function = getattr(importlib.import_module(module), name)
    operand = jnp.array([0, 1]) if name == "one_hot" else m
    rank = operand.ndim + extra
    args = [operand] + [1] * ((position or 1) - 1)
    if name == "one_hot":
        out[qualname] = outcome(lambda: function(operand, 3, axis=rank))
    elif name == "take_along_axis":
        out[qualname] = outcome(lambda: function(operand, jnp.zeros((2, 3), int), rank))
    elif name in ("quantile", "percentile"):
        out[qualname] = outcome(lambda: function(operand, 0.5, rank))
    else:
        out[qualname] = outcome(lambda: function(*args, rank))
for name in methods:
    out["." + name] = outcome(lambda: getattr(m, name)(2))
print(json.dumps(out))
"""


def test_each_function_raises_what_the_rule_predicts() -> None:
    table = {q: (position, extra) for q, (position, extra, _) in _AXIS_FUNCTIONS.items()}
    done = subprocess.run([sys.executable, "-c", PROGRAM, json.dumps(table), json.dumps(list(_AXIS_METHODS))],
                          capture_output=True, text=True, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    for qualname, (_, extra, indexed) in _AXIS_FUNCTIONS.items():
        rank = (1 if qualname.endswith("one_hot") else 2) + extra
        expected = "IndexError: tuple index out of range" if indexed else \
            f"ValueError: axis {rank} is out of bounds for array of dimension {rank}"
        assert got[qualname] == expected, (qualname, got[qualname])
    for method, indexed in _AXIS_METHODS.items():
        expected = "IndexError: tuple index out of range" if indexed else \
            "ValueError: axis 2 is out of bounds for array of dimension 2"
        assert got["." + method] == expected, (method, got["." + method])
