import jax
import jax.numpy as jnp


def noise(key, x):
    return x + jax.random.normal(key, x.shape)


keys = jax.random.split(jax.random.key(0), 4)
old_keys = jax.random.split(jax.random.PRNGKey(0), 4)
print(jax.vmap(noise)(keys, jnp.ones((4, 3))))
print(jax.vmap(noise)(old_keys, jnp.ones((4, 3))))
# an old-style key is a uint32[2] array: it has an axis 0 (two examples)
print(jax.vmap(lambda k: k + 1)(jax.random.PRNGKey(0)))
