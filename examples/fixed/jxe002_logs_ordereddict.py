"""Logs returned as a plain dict (dicts keep insertion order anyway)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def layer_norm(x):
    mean = jnp.mean(x)
    return (x - mean) / jnp.sqrt(jnp.var(x) + 1e-5)


def layer_norm_fwd(x):
    return layer_norm(x), x


def layer_norm_bwd(x, g):
    _, pullback = jax.vjp(lambda v: (v - jnp.mean(v)) / jnp.sqrt(jnp.var(v) + 1e-5), x)
    (dx,) = pullback(g)
    logs = {}
    logs["g_norm"] = jnp.linalg.norm(g)
    logs["dx_norm"] = jnp.linalg.norm(dx)
    return (dx,), logs


layer_norm.defvjp_with_logs(layer_norm_fwd, layer_norm_bwd)

x = jnp.array([1.0, 2.0, 4.0, 8.0])
y, f_vjp = jax.vjp(layer_norm, x)
cotangents, logs = f_vjp.with_logs(jnp.ones_like(y))
print(cotangents, logs)
