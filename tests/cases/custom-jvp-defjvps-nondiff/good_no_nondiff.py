import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled_sin(scale, x):
    return scale * jnp.sin(x)


scaled_sin.defjvps(lambda t, out, scale, x: jnp.sin(x) * t,
                   lambda t, out, scale, x: scale * jnp.cos(x) * t)
print(jax.grad(scaled_sin, argnums=1)(2.0, 0.5))
