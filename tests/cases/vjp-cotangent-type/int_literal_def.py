import jax
import jax.numpy as jnp


def loss(w):
    return jnp.mean(w ** 2)


out, f_vjp = jax.vjp(loss, jnp.ones(3))
(w_bar,) = f_vjp(1)  # expect: JXE022
print(w_bar)
