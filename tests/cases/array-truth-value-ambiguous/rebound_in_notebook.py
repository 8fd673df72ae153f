import jax.numpy as jnp

# cell 1: a scalar
loss = jnp.float32(0.5)
if loss < 1.0:
    print("small")

# cell 2: the same name, now one loss per example
loss = jnp.array([0.2, 1.5, 0.7])
if loss < 1.0:  # expect: JXE117
    print("small")
