import jax
import jax.numpy as jnp


class Smoother:
    def __init__(self, alpha):
        self.alpha = alpha

    def __call__(self, level, observation):
        level = self.alpha * observation + (1.0 - self.alpha) * level
        if level.min() < 0.0:  # expect: JXE070
            level = jnp.abs(level)
        return level, level


smooth = Smoother(0.3)
final, path = jax.lax.scan(smooth, jnp.zeros(2), jnp.ones((5, 2)))
print(final)
