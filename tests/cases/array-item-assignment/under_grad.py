import jax
import jax.numpy as jnp


def loss(p):
    q = jnp.asarray(p)
    q[0] = 0.0  # expect: JXE080
    return jnp.sum(q ** 2)


print(jax.grad(loss)(jnp.ones(3)))
