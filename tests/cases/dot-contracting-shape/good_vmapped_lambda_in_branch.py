import jax
import jax.numpy as jnp
from jax import lax

a = jnp.ones((8, 3))
b = jnp.ones((8, 4))
# The product is in a branch that never runs for these shapes.
print(jax.vmap(lambda x, y: lax.cond(False, lambda: x.sum(), lambda: y.sum()))(a, b).shape)
print(jax.vmap(lambda x, y: x.sum() if x.shape[0] == 3 else jnp.dot(x, y))(a, b).shape)
