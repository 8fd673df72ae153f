import jax
import jax.numpy as jnp

x = jnp.ones(3)
state = jax.new_ref(jnp.zeros(3))
out, f_vjp = jax.vjp(lambda x, s: jnp.sum(x + s[...]), x, state)
cts, logs = f_vjp.with_logs(jnp.ones_like(out))  # expect: JXE012
