import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(x ** 2)


x = jnp.arange(3.0)
out, f_vjp = jax.vjp(f, x)
counts = jax.new_ref(jnp.zeros(3, dtype=jnp.int32))
f_vjp.with_refs(counts)(1.0)  # expect: JXE010
