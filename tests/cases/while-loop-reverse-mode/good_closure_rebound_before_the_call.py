import jax
import jax.numpy as jnp
from jax import lax


def shrink(weight, radius):
    def big(value):
        return jnp.abs(value) > 0.1

    return lax.while_loop(big, lambda value: value * weight, radius)


def energy(weights):
    weight = weights[0] / (1.0 + weights[1])
    weight = 0.5  # the loop reads this constant, not the differentiated weights
    radii = jnp.linspace(0.5, 2.0, 4)
    return jnp.sum(jax.vmap(lambda r: shrink(weight, r))(radii)) + jnp.sum(weights ** 2)


print(jax.grad(energy)(jnp.array([0.5, 0.1])))
