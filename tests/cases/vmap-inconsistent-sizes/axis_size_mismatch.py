import jax
import jax.numpy as jnp


@jax.jit
@jax.vmap
def square(x):
    return x * x


print(square(jnp.ones(3)))
h = jax.vmap(lambda x, y: x * y, axis_size=4)
print(h(jnp.ones(3), jnp.ones(3)))  # expect: JXE094
