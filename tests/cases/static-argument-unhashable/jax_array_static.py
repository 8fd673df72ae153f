from jax import jit
import jax.numpy as jnp


def power(x, n):
    return x ** n


f = jit(power, static_argnums=1)
print(f(jnp.ones(3), jnp.array(2)))  # expect: JXE082
