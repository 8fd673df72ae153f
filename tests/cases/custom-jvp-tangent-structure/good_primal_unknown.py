import jax
import jax.numpy as jnp


def make(x):
    return (jnp.sin(x),)


@jax.custom_jvp
def wrapped(x):
    return make(x)


@wrapped.defjvp
def wrapped_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return wrapped(x), (jnp.cos(x) * t,)


print(jax.jvp(wrapped, (0.5,), (1.0,)))
