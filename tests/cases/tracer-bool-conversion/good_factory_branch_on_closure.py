import jax
import jax.numpy as jnp


def make_step(scale):
    def step(x):
        if scale > 0:  # a Python float the factory closed over: concrete
            return x * scale
        return x

    return step


step = make_step(2.0)
print(jax.jit(step)(jnp.ones(())))
