import jax
import jax.numpy as jnp

weights = jnp.arange(3.0)
mixing = jnp.eye(3) / 3.0


def penalty(theta):
    mixed = theta @ mixing  # expect: JXE157
    return jnp.sum(weights * theta ** 2) + jnp.sum(mixed)


grid = jnp.linspace(-1.0, 1.0, 7)
print(jax.vmap(jax.grad(penalty))(grid))
