import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def walk(key, steps):
    x = jnp.zeros(2)
    i = 0
    while i < steps:
        x = x + jax.random.bernoulli(key, 0.5, (2,))  # expect: JXE099
        i += 1
    return x


print(walk(jax.random.key(3), 4))
