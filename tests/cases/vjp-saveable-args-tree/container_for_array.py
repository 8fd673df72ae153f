import jax
import jax.numpy as jnp


def scale(x, w):
    return jnp.sum(x + w)


out, f_vjp = jax.vjp(scale, jnp.ones(3), jnp.ones(3),
                     saveable_args=((True, True), True))  # expect: JXE026
print(out)
