import jax
import jax.numpy as jnp


def loss(w, mode):
    return jnp.sum(w ** 2)


print(jax.value_and_grad(loss, argnums=(0, 1))(jnp.ones(3), "train"))  # expect: JXE142
