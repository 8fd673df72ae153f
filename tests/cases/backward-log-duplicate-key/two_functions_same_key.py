import jax
import jax.numpy as jnp

@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)

def soft_sin_fwd(x):
    return jnp.sin(x), x

def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),), {"grad_norm": jnp.abs(g)}

soft_sin.defvjp_with_logs(soft_sin_fwd, soft_sin_bwd)

@jax.custom_vjp
def soft_exp(x):
    return jnp.exp(x)

def soft_exp_fwd(x):
    return jnp.exp(x), x

def soft_exp_bwd(x, g):
    return (g * jnp.exp(x),), {"exp_g": g, "grad_norm": jnp.abs(g)}

soft_exp.defvjp_with_logs(soft_exp_fwd, soft_exp_bwd)

def loss(x):
    return soft_sin(x) * soft_exp(x)  # expect: JXE030

print(jax.grad(loss)(0.5))
