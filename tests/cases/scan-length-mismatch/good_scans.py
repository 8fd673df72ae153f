import jax.numpy as jnp
from jax import lax


def step(total, pair):
    x, y = pair
    return total + x * y, x - y


xs = jnp.arange(5.0)
print(lax.scan(step, 0.0, (xs, jnp.ones(5))))
print(lax.scan(lambda c, _: (c + 1, c), 0, None, length=4))
print(lax.scan(lambda c, x: (c + x, x), 0.0, xs, length=5))
print(lax.scan(lambda c, x: (c, x), 0.0, {"a": jnp.ones((3, 2)), "b": jnp.zeros(3)}))
print(lax.scan(lambda c, x: (c, x), 0.0, (xs, None)))
