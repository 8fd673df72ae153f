import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def simulate(key, xs):
    def step(carry, x):
        eps = jax.random.normal(key, x.shape)  # expect: JXE099
        return carry + x + eps, carry

    return jax.lax.scan(step, jnp.zeros(2), xs)


print(simulate(jax.random.key(0), jnp.ones((4, 2))))
