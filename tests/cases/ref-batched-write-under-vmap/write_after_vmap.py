import jax
import jax.numpy as jnp

total = jax.new_ref(jnp.zeros(()))


def per_example(x):
    return jnp.sin(x) ** 2


total[...] += jax.vmap(per_example)(jnp.arange(4.0)).sum()
print(total[...])
