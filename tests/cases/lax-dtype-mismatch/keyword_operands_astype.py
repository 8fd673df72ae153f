import jax.numpy as jnp
import jax.lax as L

a = jnp.ones(3)
b = jnp.ones(3).astype(jnp.int32)
print(L.sub(x=a, y=b))  # expect: JXE098
