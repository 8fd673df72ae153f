import functools

import jax
import jax.numpy as jnp

labels = jnp.array([0, 2, 1])
scores = jnp.ones((3, 4))
print(jax.jit(jax.nn.one_hot, static_argnames="num_classes")(labels, 4))
print(jax.jit(jax.nn.one_hot, static_argnums=1)(labels, 4))
print(jax.jit(functools.partial(jax.nn.one_hot, num_classes=4))(labels))
print(jax.jit(lambda values: jax.nn.one_hot(values, 4))(labels))
print(jax.vmap(jax.nn.one_hot, in_axes=(0, None))(labels, 4))
print(jax.jit(jnp.sum)(scores, None))
print(jax.jit(jnp.sum)(scores))
print(jax.eval_shape(functools.partial(jnp.sum, axis=1), scores))
print(jax.jit(jnp.split, static_argnums=1)(scores.T, 2))
