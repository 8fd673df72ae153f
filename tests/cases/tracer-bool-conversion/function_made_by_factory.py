import jax
import jax.numpy as jnp


def make_step(scale):
    def step(x):
        if x > 0:  # expect: JXE070
            return x * scale
        return x

    return step


step = make_step(2.0)
print(jax.jit(step)(jnp.ones(())))
