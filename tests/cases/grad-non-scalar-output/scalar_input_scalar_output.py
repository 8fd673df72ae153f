import jax
import jax.numpy as jnp

print(jax.grad(lambda x: jnp.sin(x) * x)(1.5), jax.grad(jnp.tanh)(0.3))
