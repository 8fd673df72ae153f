import jax
import jax.numpy as jnp


def pair(x, y):
    return x * y, x + y


out, f_vjp = jax.vjp(pair, jnp.float32(2.0), jnp.float32(3.0))
cts, logs = f_vjp.with_logs(jnp.float32(1.0), jnp.float32(1.0))  # expect: JXE020
print(cts, logs)
