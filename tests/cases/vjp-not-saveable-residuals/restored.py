import jax
import jax.numpy as jnp


def scale(x, w):
    return x * w


x = jnp.ones(3)
w = jnp.ones(3)
out, f_vjp = jax.vjp(scale, x, w, saveable_args=(True, False))
f_vjp.args_res = [x, w]
print(f_vjp(jnp.ones_like(out)))
