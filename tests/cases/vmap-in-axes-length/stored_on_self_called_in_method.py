import jax
import jax.numpy as jnp


class Field:
    def __init__(self):
        def shifted(origins, directions, radius):
            return origins + directions * radius

        self.batched = jax.vmap(shifted, (0, 0))

    def __call__(self, origins, directions, radius):
        return self.batched(origins, directions, radius)  # expect: JXE092


field = Field()
print(field(jnp.ones((5, 3)), jnp.ones((5, 3)), 0.5).shape)
