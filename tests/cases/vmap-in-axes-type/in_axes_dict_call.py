# case: static — in_axes built by a helper of another module
import jax
from mylib import axes_for

f = jax.vmap(lambda x: x, in_axes=axes_for("x"))
