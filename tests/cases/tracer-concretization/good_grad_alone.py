import jax
import jax.numpy as jnp


def loss(w):
    steps = int(w)
    return w * jnp.arange(steps).sum() + w * w.item()


def masked(v):
    (idx,) = jnp.nonzero(v)
    return jnp.sum(v[idx]) * int(v[0])


print(jax.grad(loss)(3.0), jax.grad(masked)(jnp.array([1.0, 0.0, 2.0])))
print(jax.value_and_grad(lambda v: v * int(v))(2.0))
