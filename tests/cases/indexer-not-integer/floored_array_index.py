import jax.numpy as jnp

values = jnp.linspace(0.0, 1.0, 11)
position = jnp.floor(jnp.array(2.7))
print(values[position])  # expect: JXE123
