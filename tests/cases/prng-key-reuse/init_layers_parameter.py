import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def init(key, n_in, n_out):
    w = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.uniform(key, (n_out,))  # expect: JXE099
    return w, b


print(init(jax.random.key(1), 3, 2))
