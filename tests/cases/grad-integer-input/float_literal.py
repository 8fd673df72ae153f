import jax
import jax.numpy as jnp

print(jax.grad(jnp.sin)(3.0), jax.grad(lambda x: x * x)(jnp.arange(3.0).sum()))
