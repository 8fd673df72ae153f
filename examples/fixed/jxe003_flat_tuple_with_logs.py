"""The cotangents nested in a tuple, paired with the logs."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def affine(x, w):
    return x @ w


def affine_fwd(x, w):
    return x @ w, (x, w)


def affine_bwd(res, g):
    x, w = res
    dx = g @ w.T
    dw = x.T @ g
    logs = {"dw_norm": jnp.linalg.norm(dw)}
    return (dx, dw), logs


affine.defvjp_with_logs(affine_fwd, affine_bwd)

x = jnp.ones((2, 3))
w = jnp.full((3, 4), 0.5)
print(jax.grad(lambda w: jnp.sum(affine(x, w)))(w))
value, f_vjp = jax.vjp(affine, x, w)
print(f_vjp.with_logs(jnp.ones_like(value)))
