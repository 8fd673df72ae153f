"""A list passed at a static position of a jitted function (JXE082).

Static arguments are hashed into the compilation cache key; a list has no hash.
"""

import functools

import jax


@functools.partial(jax.jit, static_argnames="shape")
def noise(key, shape):
    return jax.random.normal(key, shape)


print(noise(jax.random.key(0), [2, 3]))  # expect: JXE082
