import jax
import jax.numpy as jnp


class Field:
    def __init__(self, size, scale):
        self.scale = scale
        self.values = jnp.ones((size,))

    def apply_phase(self, phase):
        self.values = self.values * jnp.cos(phase / self.scale)  # expect: JXE077
        return self

    def power(self):
        return jnp.sum(self.values ** 2)


field = Field(size=8, scale=2.0)


@jax.jit
def total_power(phase):
    return field.apply_phase(phase).power()


print(total_power(jnp.zeros(8)))
print("values", field.values)  # (printing the tracer raises nothing)
print(jnp.abs(field.values).max())
