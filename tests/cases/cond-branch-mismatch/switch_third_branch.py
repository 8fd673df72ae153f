import jax as J
import jax.numpy as jnp

x = jnp.ones(2)
print(J.lax.switch(1, [lambda v: v, lambda v: v * 2.0, lambda v: v.sum()], x))  # expect: JXE095
