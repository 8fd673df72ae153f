import jax
import jax.numpy as jnp


def scale(a, x):
    return jnp.sum(a * x)


out, f_vjp = jax.vjp(scale, 2.0, jnp.ones(3))
a_grad = jax.new_ref(jnp.zeros(1))
x_grad = jax.new_ref(jnp.zeros(3))
f_vjp.with_refs(a_grad, x_grad)(1.0)  # expect: JXE010
