import equinox as eqx
import jax
import jax.numpy as jnp


class Linear(eqx.Module):
    w: jax.Array

    @jax.jit
    def __call__(self, x):
        return self.w @ x


print(Linear(jnp.eye(2))(jnp.ones(2)))
