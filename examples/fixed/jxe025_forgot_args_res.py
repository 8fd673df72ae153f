"""The weights are restored in args_res before the VJP function is applied."""

import jax
import jax.numpy as jnp

x = jnp.ones((8, 4))
w = jnp.zeros((4, 2))
out, f_vjp = jax.vjp(lambda a, b: a @ b, x, w, saveable_args=(True, False))
f_vjp.args_res = [x, w]
x_bar, w_bar = f_vjp(jnp.ones((8, 2)))
print(x_bar.shape, w_bar.shape)
