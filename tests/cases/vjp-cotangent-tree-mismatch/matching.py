import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


def as_list(x):
    return [jnp.sin(x), x * 2.0]


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(f_vjp((1.0, 1.0)))
print(f_vjp(jax.tree.map(jnp.ones_like, out)))
out2, g_vjp = jax.vjp(as_list, 0.5)
print(g_vjp([1.0, 1.0]))
