# case: static — `late_bwd` is read before its def: Python raises NameError first
import jax
import jax.numpy as jnp

@jax.custom_vjp
def g1(x):
    return jnp.sin(x)

def g1_fwd(x):
    return g1(x), x

g1.defvjp_with_logs(g1_fwd, late_bwd)  # NameError at run time, not a JAX error  # noqa: F821
def late_bwd(x, g):
    return (g * jnp.cos(x),), ["late"]
