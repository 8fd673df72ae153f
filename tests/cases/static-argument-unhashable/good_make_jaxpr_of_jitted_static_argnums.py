import jax
import jax.numpy as jnp


def smooth(signal, width):
    kernel = jnp.ones(width) / width
    return jnp.convolve(signal, kernel, mode="same")


smooth_fast = jax.jit(smooth, static_argnames=("width",))
signal = jnp.sin(jnp.linspace(0.0, 6.0, 32))
print(jax.make_jaxpr(smooth_fast, static_argnums=1)(signal, 5))
