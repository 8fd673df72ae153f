import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


soft_sin.defvjp_with_logs(lambda x: (jnp.sin(x), x), lambda x, g: ((g * jnp.cos(x),), None))
print(jax.grad(soft_sin)(0.5))
