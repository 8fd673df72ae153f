import jax
import jax.numpy as jnp


@jax.jit
def relax(field, sweep):
    if sweep == 0:  # expect: JXE070
        return field
    return 0.5 * (field + jnp.roll(field, 1))


field = jnp.linspace(0.0, 1.0, 6)
for sweep in range(3):
    field = relax(field, sweep)
print(field)
