import jax
import jax.numpy as jnp


def drop_index_keys(d):
    for key in [k for k in d if not isinstance(k, str)]:
        d.pop(key)


state = {0: jnp.zeros(2), "aux": jnp.ones(2)}
drop_index_keys(state)  # only string keys are left
print(jax.tree.leaves(state))
