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

def f_bwd(res, g):
    x, y = res
    logs = [g]
    logs = {"g": g}
    return (g * y, g * x), logs
f.defvjp_with_logs(f_fwd, f_bwd)
jax.grad(f)(1.0, 2.0)
