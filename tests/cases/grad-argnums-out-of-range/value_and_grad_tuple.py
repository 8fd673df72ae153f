import jax
import jax.numpy as jnp


def energy(a, b, c):
    return jnp.sum(a * b * c)


step = jax.value_and_grad(energy, argnums=(0, 2))
value, (ga, gc) = step(jnp.ones(2), c=jnp.ones(2),  # expect: JXE024
                       b=jnp.ones(2))
print(value, ga, gc)
