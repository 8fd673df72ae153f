import jax
import jax.numpy as jnp


def diffuse(img, num_sweeps, rate):
    for _ in range(num_sweeps):
        img = img + rate * (jnp.roll(img, 1) - img)
    return img


noisy = jnp.linspace(0.0, 1.0, 8)
runs = [[2, 0.1], [5, 0.2]]
for run in runs:
    run[0] = None  # the lists change: no count reaches the loop
for sweeps, rate in runs:
    if sweeps is not None:
        print(jax.jit(diffuse)(noisy, sweeps, rate))
print("done")
