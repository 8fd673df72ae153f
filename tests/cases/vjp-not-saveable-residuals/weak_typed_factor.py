import jax
import jax.numpy as jnp


def scale(x, w):
    return x * w


x = jnp.ones(3)
w = jnp.full(3, 2.0)  # weakly typed: converted for the product, so not kept verbatim
out, f_vjp = jax.vjp(scale, x, w, saveable_args=(True, False))
print(f_vjp(jnp.ones_like(out)))
