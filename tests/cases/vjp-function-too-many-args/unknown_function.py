import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(jnp.sin, 0.5)
print(f_vjp(1.0, 0.0))  # expect: JXE020
