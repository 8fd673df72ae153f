import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def average(grads):
    return lax.pmean(grads, "devices")  # expect: JXE108


print(average(jnp.ones(3)))
