import jax
import jax.numpy as jnp

# A notebook: each cell takes a VJP under the same names.
x = jnp.ones(3)
out, f_vjp = jax.vjp(jnp.sin, x)
print(f_vjp(jnp.ones_like(out)))

w = jnp.ones(3)
out, f_vjp = jax.vjp(lambda a, b: a * b, x, w, saveable_args=(True, False))
x_bar, w_bar = f_vjp(jnp.ones_like(out))  # expect: JXE025
print(x_bar)
