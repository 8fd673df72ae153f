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

def loss_a(x):
    return f(x)

def loss_b(x):
    return f(2.0 * x)

print(jax.grad(loss_a)(0.5), jax.grad(loss_b)(0.5))
