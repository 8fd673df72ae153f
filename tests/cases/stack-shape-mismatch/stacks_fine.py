import jax.numpy as jnp

steps = [jnp.ones(3), jnp.zeros(3)]
print(jnp.stack(steps), jnp.stack(steps, axis=1), jnp.stack([jnp.eye(2), jnp.eye(2)], axis=-1))
