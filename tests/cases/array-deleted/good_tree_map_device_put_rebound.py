import jax
import jax.numpy as jnp


def fn(x, y):
    return x, y


fn = jax.jit(fn, donate_argnums=1)

y = jax.tree.map(lambda v: jax.device_put(v), 3.0)
x, y = fn(1.0, y)
print(y)
z = jax.tree.map(lambda v: v.shape, jnp.ones(3))
w = jax.tree.map(lambda v: jax.device_put(v), jnp.ones(2))
fn(1.0, w)
print(z)
