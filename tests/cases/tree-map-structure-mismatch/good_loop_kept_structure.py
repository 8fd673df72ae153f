import jax
import jax.numpy as jnp


def init(key):
    k1, k2 = jax.random.split(key)
    return {"dense": {"w": jax.random.normal(k1, (3, 4)), "b": jnp.zeros(4)},
            "head": [jax.random.normal(k2, (4, 1)), jnp.zeros(1)]}


def blended(params, fast, slow):
    return jax.tree_util.tree_map(lambda p, f, s: (p + f + s) / 3.0, params, fast, slow)


params = init(jax.random.PRNGKey(0))
fast = slow = params
for step in range(3):
    params = jax.tree_util.tree_map(lambda p: p * 0.95, params)
    fast = jax.tree_util.tree_map(lambda e, p: 0.9 * e + 0.1 * p, fast, params)
    slow = jax.tree_util.tree_map(lambda e, p: 0.99 * e + 0.01 * p, slow, params)
print(jax.tree_util.tree_map(jnp.shape, blended(params, fast, slow)))
