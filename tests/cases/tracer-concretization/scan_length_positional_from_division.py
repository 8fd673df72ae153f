import jax
import jax.numpy as jnp


@jax.jit
def integrate(y0, duration, dt):
    steps = jnp.floor(duration / dt).astype(jnp.int32)
    final, _ = jax.lax.scan(lambda y, _: (y + dt * y, None), y0, None, steps)  # expect: JXE071
    return final


print(integrate(jnp.ones(3), 1.0, 0.25))
