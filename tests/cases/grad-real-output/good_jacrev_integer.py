import jax
import jax.numpy as jnp


def loss(x, scale):
    return jnp.sum(x * scale)


print(jax.grad(loss)(jnp.ones(3), 2))  # an integer argument, a float output
print(jax.vjp(lambda x: jnp.argmax(x), jnp.ones(3))[0])  # no gradient asked for
