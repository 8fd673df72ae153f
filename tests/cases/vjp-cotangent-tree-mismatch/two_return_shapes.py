import jax
import jax.numpy as jnp

PAIR = True


def maybe_pair(x):
    if PAIR:
        return jnp.sin(x)
    return jnp.sin(x), x


out, f_vjp = jax.vjp(maybe_pair, 0.5)
print(f_vjp(1.0))
