# case: static — a file that enables x64: the inference knows no dtypes or shapes there
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
print(jnp.ones((2, 3)) @ jnp.ones((4, 5)))
