import jax
import jax.numpy as jnp


def reshape(x, shape):
    return x.reshape(shape)


fast_reshape = jax.jit(reshape, static_argnums=(1,))
x = jnp.arange(6.0)
print(fast_reshape(x, (2, 3)))
print(fast_reshape(x, [3, 2]))  # expect: JXE082
