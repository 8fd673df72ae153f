import jax
import jax.numpy as jnp


def repeat(x, times):
    while times > 1:
        x = jnp.concatenate([x, x])
        times = times - 1
    return x


print(jax.make_jaxpr(repeat, static_argnums=1)(jnp.ones(2), 3))
