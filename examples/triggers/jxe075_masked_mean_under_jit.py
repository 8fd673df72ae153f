"""Averaging the valid entries with a boolean mask inside jax.jit (JXE075).

The mask depends on the traced targets, so the number of selected entries is not known when
the function is traced.
"""

import jax
import jax.numpy as jnp


@jax.jit
def masked_mse(pred, target):
    valid = ~jnp.isnan(target)
    err = (pred - jnp.nan_to_num(target)) ** 2
    return err[valid].sum() / valid.sum()  # expect: JXE075


print(masked_mse(jnp.ones(4), jnp.array([1.0, jnp.nan, 3.0, 0.0])))
