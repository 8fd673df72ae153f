import jax
import jax.numpy as jnp


@jax.jit
def diffuse(img, num_sweeps, rate):
    for _ in range(num_sweeps):  # expect: JXE073
        img = img + rate * (jnp.roll(img, 1) - img)
    return img


noisy = jnp.linspace(0.0, 1.0, 8)
settings = {"light": (2, 0.1), "heavy": (5, 0.2)}
for name, (sweeps, rate) in settings.items():
    print(name, diffuse(noisy, sweeps, rate))
