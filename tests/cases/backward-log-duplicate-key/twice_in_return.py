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

def loss(x):
    return f(x) + f(2.0 * x)  # expect: JXE030

print(jax.grad(loss)(0.5))
