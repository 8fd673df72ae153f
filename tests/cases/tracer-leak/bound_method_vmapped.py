import jax
import jax.numpy as jnp


class Normalizer:
    def normalize(self, row):
        scale = jnp.linalg.norm(row)
        self.scale = scale  # expect: JXE077
        return row / scale

    def run(self):
        jax.vmap(self.normalize)(jnp.ones((4, 3)))
        return self.scale + 1.0


Normalizer().run()
