import jax.numpy as jnp

losses = []
for step in range(3):
    losses.append(jnp.float32(step) * 0.5)
print(jnp.mean(losses))  # expect: JXE097
