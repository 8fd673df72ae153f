import jax
import jax.numpy as jnp


def f(x):
    y = jnp.sin(x)
    return jnp.sum(y), y


x = jnp.ones((2, 2))
out, f_vjp, aux = jax.vjp(f, x, has_aux=True)
grads, logs = f_vjp.with_logs.with_refs(jax.new_ref(jnp.ones((2,))))(1.0)  # expect: JXE010
