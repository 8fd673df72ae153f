import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

@jax.custom_vjp
def g1(x):
    return jnp.sin(x)

def g1_fwd(x):
    return g1(x), x

class Registry:
    def defvjp_with_logs(self, fwd, bwd):
        return bwd(None, None)
Registry().defvjp_with_logs(None, lambda r, g: [1, 2, 3])
