import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

x = jnp.ones(3)

from jax import numpy as xp
params = {"w": xp.ones(3), "b": xp.zeros(3)}
out, f_vjp = jax.vjp(loss, params, xp.ones(3))
f_vjp.with_refs((jax.new_ref(xp.zeros(3)),), jax.new_ref(xp.zeros(3)))(1.0)  # expect: JXE001
