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
    total = 0.0
    for _ in range(3):
        total = total + f(x)
    total = f(x)
    return total

print(jax.grad(loss)(0.5))
