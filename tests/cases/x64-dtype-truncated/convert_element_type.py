import warnings

import jax
import jax.numpy as jnp
from jax import lax

warnings.simplefilter("error")


@jax.jit
def to_complex(x):
    return lax.convert_element_type(x, jnp.complex128)  # expect: JXE109


print(to_complex(jnp.ones(2)))
