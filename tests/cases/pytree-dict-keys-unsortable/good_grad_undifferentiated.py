import jax
import jax.numpy as jnp


def loss(table, x):
    return jnp.sum(x * table["scale"]) + table[0]


# grad flattens only the argument it differentiates (x): `table` is passed as it is.
print(jax.grad(loss, argnums=1)({0: 1.0, "scale": 2.0}, jnp.ones(2)))
