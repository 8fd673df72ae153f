import jax.numpy as jnp

frames = jnp.linspace(-1.0, 2.0, 16).reshape(4, 4)
print(frames.clip(a_min=0.0, a_max=1.0))  # expect: JXE156
