import jax
import jax.numpy as jnp


def f(x, state):
    return jnp.sum(x * state[...])


x = jnp.ones(3)
state = jax.new_ref(jnp.ones(3))
out, f_vjp = jax.vjp(f, x, state)
x_grad = jax.new_ref(jnp.zeros_like(x))
f_vjp.with_refs(x_grad, jax.ad.GradValue())(1.0)  # expect: JXE011
