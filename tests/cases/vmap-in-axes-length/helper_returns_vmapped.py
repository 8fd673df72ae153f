# case: static — the vmapped function and its caller live in other modules
import jax
from mylib import f, make_args

g = jax.vmap(f, in_axes=(0, None, 0))
print(g(*make_args()))
