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

def h_impl(x):
    return jnp.sin(x)
h = jax.custom_vjp(h_impl)
h.defvjp_with_logs(lambda x: (h(x), x), lambda x, g: ((g * jnp.cos(x),), "log"))  # expect: JXE002
jax.grad(h)(1.0)
