import jax
import jax.numpy as jnp


def step(total, x):
    total = total.at[x > 1.0].add(1.0)  # expect: JXE075
    return total, None


print(jax.lax.scan(step, jnp.zeros(3), jnp.ones((2, 3)))[0])
