# case: static — JAX refuses the mode first ("does not yet support mode grid-wrap"), another error
import jax.numpy as jnp
from jax.scipy import ndimage

print(ndimage.map_coordinates(jnp.ones((2, 2)), [jnp.array([0.5]), jnp.array([0.5])], order=3, mode="grid-wrap"))
