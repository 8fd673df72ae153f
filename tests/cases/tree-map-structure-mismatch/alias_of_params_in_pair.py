import jax
import jax.numpy as jnp


def init(key):
    k1, k2 = jax.random.split(key)
    return {"dense": {"w": jax.random.normal(k1, (3, 4)), "b": jnp.zeros(4)},
            "head": [jax.random.normal(k2, (4, 1)), jnp.zeros(1)]}


params = init(jax.random.PRNGKey(0))
ema_fast = ema_slow = params  # aliases: the dict is only read through them
mix = jax.tree_util.tree_map(lambda p, pair: (p + pair[0] + pair[1]) / 3.0, params, (ema_fast, ema_slow))  # expect: JXE114
print(jax.tree_util.tree_map(jnp.shape, mix))
