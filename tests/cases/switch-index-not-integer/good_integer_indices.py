import jax
import jax.numpy as jnp
from jax import lax

branches = [lambda v: v, lambda v: -v]
print(lax.switch((jnp.float32(3.0) > 1.0).astype(jnp.int32), branches, jnp.float32(3.0)))
print(lax.switch(1, branches, jnp.float32(2.0)))
labels = jnp.array([0, 1, 1])
print(jax.vmap(lambda i, v: lax.switch(i, branches, v))(labels, jnp.ones(3)))
print(lax.cond(jnp.float32(3.0) > 1.0, branches[0], branches[1], jnp.float32(3.0)))
