import jax
import jax.numpy as jnp


def loss_and_norm(w):
    loss = jnp.sum(w ** 2)
    return loss, jnp.sqrt(loss)


w = jnp.ones(3)
out, f_vjp = jax.vjp(loss_and_norm, w)
(w_bar,) = f_vjp(1.0)  # expect: JXE021
print(w_bar)
