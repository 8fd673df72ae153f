import jax
import jax.numpy as jnp


def loss(w):
    value = jnp.sum(w**2)
    print("loss", float(value))  # expect: JXE071
    return value


print(jax.grad(loss)(jnp.ones(3)))
