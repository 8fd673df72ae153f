import jax
import jax.numpy as jnp

opt = {0: jnp.zeros(2), "lr": jnp.ones(())}
state = {"opt": opt, "params": jnp.ones(2)}
del opt[0]  # the dict inside `state` loses its int key before `state` is flattened
print(jax.tree.leaves(state))
