import jax
import jax.numpy as jnp


def inner(u, v):
    return jnp.dot(u, v)


u = jnp.linspace(0.0, 1.0, 5)
v = jnp.ones(5)
out, f_vjp = jax.vjp(inner, u, v, saveable_args=(False, True))
cts, logs = f_vjp.with_logs(1.0)  # expect: JXE025
print(cts, logs)
