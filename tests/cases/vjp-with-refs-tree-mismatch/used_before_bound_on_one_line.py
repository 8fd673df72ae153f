# case: static — `f_vjp` is read before it is bound: Python raises NameError first
import jax; import jax.numpy as jnp; f_vjp.with_refs((1,)); out, f_vjp = jax.vjp(jnp.sum, {"w": 1.0})  # noqa: F821
