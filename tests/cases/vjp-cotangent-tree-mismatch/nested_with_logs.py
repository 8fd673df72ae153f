import jax
import jax.numpy as jnp


def tree_out(x):
    return x * 2.0, (jnp.sin(x), jnp.cos(x))


out, f_vjp = jax.vjp(tree_out, jnp.float32(0.5))
cts, logs = f_vjp.with_logs((1.0, [1.0, 1.0]))  # expect: JXE021
print(cts, logs)
