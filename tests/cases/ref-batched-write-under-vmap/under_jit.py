import jax
import jax.numpy as jnp


def run(xs):
    seen = jax.new_ref(jnp.zeros(5))

    def step(x):
        seen[0] = x  # expect: JXE015
        return x + 1

    return jax.vmap(step)(xs)


jax.jit(run)(jnp.arange(3.0))
