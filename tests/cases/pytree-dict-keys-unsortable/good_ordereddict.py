import collections

import jax
import jax.numpy as jnp

# An OrderedDict is flattened in insertion order: its keys are never compared.
state = collections.OrderedDict([(0, jnp.zeros(2)), ("aux", jnp.ones(2))])
print(jax.tree.map(lambda x: x + 1, state))
print(jax.jit(lambda s: s)(state))
