import jax
import jax.numpy as jnp

total = jax.new_ref(jnp.zeros(()))


def accumulate(x):
    total[...] += x


for x in jnp.arange(3.0):
    accumulate(x)
jax.jit(accumulate)(1.0)
print(total[...])
