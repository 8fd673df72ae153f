import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_jvp(primals, tangents):  # expect: JXE110
    x, = primals
    t, = tangents
    print("tangent", jnp.cos(x) * t)


soft_sin.defjvp(soft_sin_jvp)
print(jax.jvp(soft_sin, (0.5,), (1.0,)))
