import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 5)


def body(total, key):
    return total + jax.random.normal(key), None


print(jax.lax.scan(body, jnp.float32(0), keys)[0])
