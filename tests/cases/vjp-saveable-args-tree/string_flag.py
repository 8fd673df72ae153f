import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(jnp.sin, jnp.ones(2), saveable_args="no")  # expect: JXE026
print(out)
