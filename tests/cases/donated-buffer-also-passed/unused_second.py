import jax
import jax.numpy as jnp

# JAX prunes the parameter the computation does not use: the buffer is passed once.
step = jax.jit(lambda state, batch: state * 2, donate_argnums=0)
x = jnp.zeros(3)
print(step(x, x))
