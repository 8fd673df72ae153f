import jax
import jax.numpy as jnp


def wave(x, y):
    return jnp.sin(x) * y


out, f_vjp = jax.vjp(wave, jnp.ones(3), jnp.ones(3), saveable_args=(False, True))
print(f_vjp(jnp.ones(3)))  # x is needed only through cos(x), which is saved as usual
