import jax
import jax.numpy as jnp

key = jax.random.key(0)
a = jax.random.normal(key, (4, 3))
b = jnp.ones((3, 2))
out, f_vjp = jax.vjp(lambda p, q: p @ q, a, b, saveable_args=False)
print(f_vjp(jnp.ones((4, 2))))  # expect: JXE025
