import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def step(carry, x):
    key, total = carry
    key, subkey = jax.random.split(key)
    return (key, total + x * jax.random.normal(subkey, x.shape)), None


(final_key, total), _ = jax.lax.scan(step, (jax.random.key(0), jnp.zeros(2)), jnp.ones((3, 2)))
print(total)
