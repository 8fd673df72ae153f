import jax
import jax.numpy as jnp


def scale(x, w):
    return jnp.sum(x + w)


x = jnp.ones(3)
w = jnp.ones(3)
out, f_vjp = jax.vjp(scale, x, w, saveable_args=(1, True))  # expect: JXE026
print(out)
