import jax
import jax.numpy as jnp

x = jnp.linspace(0.0, 1.0, 4)
y, pullback = jax.vjp(jnp.tanh, x)
print(pullback(1))  # expect: JXE022
