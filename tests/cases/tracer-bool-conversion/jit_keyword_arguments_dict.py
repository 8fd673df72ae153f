import jax
import jax.numpy as jnp


def scaled(x, **options):
    y = x * options["scale"]
    if options["clip"] > 0:  # expect: JXE070
        y = jnp.clip(y, -options["clip"], options["clip"])
    return y


print(jax.jit(scaled)(jnp.arange(4.0), scale=2.0, clip=3.0))
