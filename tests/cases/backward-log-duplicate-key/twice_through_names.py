import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

def f_fwd(x):
    return jnp.sin(x), x

def f_bwd(x, g):
    return (g * jnp.cos(x),), {"grad_norm": jnp.abs(g), "g": g}

f.defvjp_with_logs(f_fwd, f_bwd)

def loss(x, y):
    a = f(x)
    b = f(x * y)  # expect: JXE030
    return jnp.sum(a * b)

print(jax.value_and_grad(loss)(0.5, 2.0))
