import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    acc = jax.new_ref(jnp.zeros(3))
    acc[...] += x
    return jnp.tanh(acc)  # expect: JXE014


step(jnp.ones(3))
