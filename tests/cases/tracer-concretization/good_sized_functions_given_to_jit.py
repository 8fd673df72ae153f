import functools

import jax
import jax.numpy as jnp

mask = jnp.array([0, 3, 0, 1])
print(jax.jit(jnp.arange, static_argnums=(0, 1))(0, 6))
print(jax.jit(functools.partial(jnp.nonzero, size=4))(mask))
print(jax.jit(lambda m: jnp.nonzero(m, size=2))(mask))
print(jax.eval_shape(functools.partial(jnp.linspace, 0.0, 1.0, 5)))
print(jax.jit(jnp.repeat, static_argnums=1)(mask, 2))
print(jax.jit(jnp.where)(mask > 0, mask, 0))
