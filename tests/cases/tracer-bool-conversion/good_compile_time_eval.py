import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        size = jnp.sum(jnp.ones(3))
        if size > 2:
            x = x * 2
    return x


print(f(jnp.ones(2)))
