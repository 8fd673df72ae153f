import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(lambda x: jnp.exp(x), 0.5)
cts, logs = f_vjp.with_logs(-1)  # expect: JXE022
print(cts, logs)
