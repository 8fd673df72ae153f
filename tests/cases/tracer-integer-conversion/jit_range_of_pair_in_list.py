import jax
import jax.numpy as jnp


def smooth(img, num_sweeps, rate):
    for _ in range(num_sweeps):  # expect: JXE073
        img = img + rate * (jnp.roll(img, 1) - img)
    return img


runs = [(2, 0.1), (5, 0.2)]
step = jax.jit(smooth)
for sweeps, rate in runs:
    print(step(jnp.ones(8), sweeps, rate))
