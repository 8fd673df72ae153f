"""Weights kept out of the VJP's residuals and never put back (JXE025).

saveable_args=(True, False) keeps jax.vjp from holding on to `w`; the backward pass of
`x @ w` needs `w` itself, so it must be restored in `f_vjp.args_res` before applying.
"""

import jax
import jax.numpy as jnp

x = jnp.ones((8, 4))
w = jnp.zeros((4, 2))
out, f_vjp = jax.vjp(lambda a, b: a @ b, x, w, saveable_args=(True, False))
x_bar, w_bar = f_vjp(jnp.ones((8, 2)))  # expect: JXE025
print(x_bar.shape, w_bar.shape)
