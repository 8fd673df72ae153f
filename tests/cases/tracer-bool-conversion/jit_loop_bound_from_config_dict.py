import jax
import jax.numpy as jnp


@jax.jit
def repeat_add(x, steps):
    i = 0
    while i < steps:  # expect: JXE070
        x = x + 1.0
        i += 1
    return x


config = {"steps": 3, "name": "run"}
print(repeat_add(jnp.zeros(2), config["steps"]))
