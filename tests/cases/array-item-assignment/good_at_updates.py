import jax
import jax.numpy as jnp

x = jnp.zeros(4)
for i in range(4):
    x = x.at[i].set(i * 2.0)
x = x.at[1:].add(1.0)


@jax.jit
def scale_first(a):
    return a.at[0].multiply(3.0)


print(x, scale_first(jnp.ones(3)))
