import jax
import jax.numpy as jnp


def step(total, x):
    counted = total.at[x > 1.0].add(1.0)  # expect: JXE075
    return counted, None


print(jax.lax.scan(step, jnp.zeros(3), jnp.ones((2, 3)))[0])
