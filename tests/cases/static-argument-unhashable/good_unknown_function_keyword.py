# case: static — `kernel` comes from another module: whether `reps` is its second parameter is unknown
import jax
import jax.numpy as jnp
from mylib import kernel

run = jax.jit(kernel, static_argnums=1)
print(run(jnp.ones(2), reps=[1, 2]))
