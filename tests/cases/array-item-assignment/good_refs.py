import jax
import jax.numpy as jnp

acc = jax.new_ref(jnp.zeros(3))
acc[0] = 1.0
acc[...] += jnp.ones(3)


@jax.jit
def bump(x):
    r = jax.new_ref(x)
    r[1:] = jnp.zeros(2)
    r[0] *= 2.0
    return r[...]


print(acc[...], bump(jnp.ones(3)))
