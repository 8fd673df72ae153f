import jax
import jax.numpy as jnp

counter = jax.new_ref(jnp.zeros(()))


def f(x):
    counter[...] += 1.0
    return jnp.sum(x ** 2)


out, f_vjp = jax.vjp(f, jnp.ones(3))
print(f_vjp(1.0), counter[...])
