import jax
import jax.numpy as jnp


def scale(x, w):
    return jnp.sum(x + w)


flags = (True, True)
out, f_vjp = jax.vjp(scale, jnp.ones(3), jnp.ones(3), saveable_args=flags)
print(f_vjp(1.0))
