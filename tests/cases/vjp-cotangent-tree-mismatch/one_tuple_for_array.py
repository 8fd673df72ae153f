import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(lambda x: jnp.sin(x), 0.5)
ct = (1.0,)
print(f_vjp(ct))  # expect: JXE021
