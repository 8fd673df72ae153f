import jax.numpy as jnp
import jax.scipy.ndimage

SPLINE_ORDER = 2


def resample(field, ys, xs):
    return jax.scipy.ndimage.map_coordinates(field, [ys, xs], SPLINE_ORDER)  # expect: JXE179


print(resample(jnp.ones((3, 3)), jnp.array([0.5]), jnp.array([1.5])))
