import functools
import jax
import jax.numpy as jnp
from jax import custom_vjp

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

@functools.partial(custom_vjp, nondiff_argnums=(0,))
def k(n, x):
    return x * n
def k_fwd(n, x):
    return k(n, x), x
def k_bwd(n, x, g):
    return (g * n,), [n]  # expect: JXE002
k.defvjp_with_logs(k_fwd, k_bwd)
jax.grad(k, argnums=1)(2.0, 1.0)
