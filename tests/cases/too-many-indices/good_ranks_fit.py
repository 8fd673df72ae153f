import jax
import jax.numpy as jnp

m = jnp.ones((4, 3))
print(m[0, 0], m[:, 0], m[..., 0], m[None, 0, 1], m[0][1])
v = jnp.arange(5.0)
print(v[0], v[None, 0], v[..., 0], v[jnp.array([True, False, True, False, True])])
print(jax.vmap(lambda row: row[0])(m))
print(jax.vmap(lambda col: col[1], in_axes=1)(m))
print(m.at[0, 0].set(2.0))
