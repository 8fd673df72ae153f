import jax
import jax.numpy as jnp


def run(x):
    @jax.custom_vjp
    def scaled(v, factor):
        return factor * v

    scaled.defvjp(lambda v, factor: (factor * v, factor), lambda factor, g: (factor * g, 0.0))
    return scaled(x, factor=2.0, bias=1.0)  # expect: JXE053


print(run(jnp.float32(3.0)))
