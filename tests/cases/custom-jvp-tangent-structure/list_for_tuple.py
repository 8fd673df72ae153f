import jax
import jax.numpy as jnp


@jax.custom_jvp
def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


@sin_cos.defjvp
def sin_cos_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return sin_cos(x), [jnp.cos(x) * t, -jnp.sin(x) * t]  # expect: JXE111


print(jax.jvp(sin_cos, (0.5,), (1.0,)))
