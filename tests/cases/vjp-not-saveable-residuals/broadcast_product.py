import jax
import jax.numpy as jnp


def scale(x, w):
    return x * w


x = jnp.ones((2, 3))
w = jnp.ones(3)
out, f_vjp = jax.vjp(scale, x, w, saveable_args=(True, False))
print(f_vjp(jnp.ones_like(out)))  # w is broadcast for the product: the broadcast value is kept, not w
