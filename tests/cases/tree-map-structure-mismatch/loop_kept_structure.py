import jax
import jax.numpy as jnp


def init(key):
    k1, k2 = jax.random.split(key)
    return {"dense": {"w": jax.random.normal(k1, (3, 4)), "b": jnp.zeros(4)},
            "head": [jax.random.normal(k2, (4, 1)), jnp.zeros(1)]}


def update_emas(params, fast, slow):
    new_fast = jax.tree_util.tree_map(lambda e, p: 0.9 * e + 0.1 * p, fast, params)
    new_slow = jax.tree_util.tree_map(lambda e, p: 0.99 * e + 0.01 * p, slow, params)
    return new_fast, new_slow


def blended(params, emas):
    return jax.tree_util.tree_map(lambda p, pair: (p + pair[0] + pair[1]) / 3.0, params, emas)  # expect: JXE114


params = init(jax.random.PRNGKey(0))
fast = slow = params
for step in range(3):
    params = jax.tree_util.tree_map(lambda p: p * 0.95, params)
    fast, slow = update_emas(params, fast, slow)
print(blended(params, (fast, slow)))
