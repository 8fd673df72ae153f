# case: static — the bwd rule only raises (NotImplementedError, not a JAX error)
import jax
import jax.numpy as jnp

@jax.custom_vjp
def g1(x):
    return jnp.sin(x)

def g1_fwd(x):
    return g1(x), x

def g1_bwd(x, g):
    raise NotImplementedError("no gradient")
g1.defvjp_with_logs(g1_fwd, g1_bwd)
