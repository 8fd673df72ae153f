import jax
import jax.numpy as jnp


def step(x):
    r = jax.new_ref(x)
    out, f_vjp, aux = jax.vjp(lambda r: (jnp.sum(r[...] ** 2), 0.0), r, has_aux=True)
    return f_vjp(jnp.ones_like(out))  # expect: JXE012


jax.jit(step)(jnp.ones(2))
