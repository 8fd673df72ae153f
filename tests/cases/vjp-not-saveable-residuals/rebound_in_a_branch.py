import jax
import jax.numpy as jnp

# The VJP function applied may be either one (the name is bound again in a branch): silent.
x = jnp.ones(3)
w = jnp.ones(3)
out, f_vjp = jax.vjp(lambda a, b: a * b, x, w, saveable_args=(True, False))
if out.sum() > 1.0:  # (taken: the applied one is the second)
    out, f_vjp = jax.vjp(lambda a, b: a * b, x, w)
print(f_vjp(jnp.ones_like(out)))
