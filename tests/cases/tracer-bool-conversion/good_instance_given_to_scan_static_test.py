import jax
import jax.numpy as jnp


class Smoother:
    def __init__(self, alpha, clip):
        self.alpha = alpha
        self.clip = clip

    def __call__(self, level, observation):
        level = self.alpha * observation + (1.0 - self.alpha) * level
        # A Python attribute of the instance, not a traced value.
        if self.clip:
            level = jnp.clip(level, 0.0, 1.0)
        return level, level


smooth = Smoother(0.3, True)
final, path = jax.lax.scan(smooth, jnp.zeros(2), jnp.ones((5, 2)))
print(final)
