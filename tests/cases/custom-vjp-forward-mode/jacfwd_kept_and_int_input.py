import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


soft_sin.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
jacobian = jax.jacfwd(soft_sin)  # never called
try:
    jax.jacfwd(soft_sin)(1)  # an int input: jacfwd's own dtype error comes first
except TypeError as error:
    assert "jacfwd requires real-valued inputs" in str(error)
