# case: static — `jax` is rebound to a plain object: `jax.vjp` is not JAX's

import jax
jax = object()  # noqa: F811
params = {"w": 1}
out, f_vjp = jax.vjp(lambda p: p, params)
f_vjp.with_refs((1, 2))
