import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_sin(x):
    return jnp.sin(x)


@soft_sin.defjvp
def soft_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x), jnp.cos(x) * t


print(jax.jacfwd(soft_sin)(jnp.ones(3)), jax.jvp(soft_sin, (0.5,), (1.0,)))
