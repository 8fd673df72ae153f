import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


soft_sin.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jvp(lambda y: soft_sin(2.0) * y, (1.0,), (1.0,)))
print(jax.jvp(lambda y: soft_sin(jax.lax.stop_gradient(y)), (1.0,), (1.0,)))
