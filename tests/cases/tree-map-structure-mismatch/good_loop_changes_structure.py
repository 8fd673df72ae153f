import jax
import jax.numpy as jnp

state = {"w": jnp.ones(3)}
for step in range(3):
    # the loop changes what the dict holds: a pair after the first pass
    state = {"w": (state["w"], state["w"])} if step == 0 else {"w": state["w"]}
mix = jax.tree_util.tree_map(lambda p, q: p + q[0] + q[1], {"w": 1.0}, state)
print(mix)
