# case: static — a star import may rebind any name

import jax
from somewhere import *  # noqa: F403
params = {"w": 1, "b": 2}
out, f_vjp = jax.vjp(f, params)  # noqa: F405
f_vjp.with_refs((1, 2))
