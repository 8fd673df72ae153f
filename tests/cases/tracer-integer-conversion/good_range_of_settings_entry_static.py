from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="num_sweeps")
def diffuse(img, num_sweeps, rate):
    for _ in range(num_sweeps):
        img = img + rate * (jnp.roll(img, 1) - img)
    return img


noisy = jnp.linspace(0.0, 1.0, 8)
settings = {"light": (2, 0.1), "heavy": (5, 0.2)}
for name, (sweeps, rate) in settings.items():
    print(name, diffuse(noisy, sweeps, rate))
runs = [(2, 0.1), (5, 0.2)]
for sweeps, rate in runs:
    print(diffuse(noisy, num_sweeps=sweeps, rate=rate))
