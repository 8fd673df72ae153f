import jax
import jax.numpy as jnp

N_CHAINS = 8


def jitter(chain_keys, positions):
    next_keys, draw_keys = jax.vmap(jax.random.split, out_axes=1)(chain_keys)
    noise = jax.vmap(lambda k: jax.random.normal(k, (3,)))(draw_keys)
    return next_keys, positions + 0.1 * noise


chain_keys = jax.random.split(jax.random.key(0), N_CHAINS)
positions = jnp.zeros((N_CHAINS, 3))
for _ in range(5):
    chain_keys, positions = jitter(chain_keys, positions)
print(positions.mean())
