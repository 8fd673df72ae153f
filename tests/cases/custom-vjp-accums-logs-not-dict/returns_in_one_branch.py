import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

def f_fwd(x):
    return jnp.sin(x), x

def f_bwd(x, g, x_acc):
    x_acc.accum(g * jnp.cos(x))
    if x.ndim == 0:
        return {"g": g}
    return [g]  # expect: JXE031

f.defvjp_with_accums(f_fwd, f_bwd)
print(jax.grad(lambda v: f(v).sum())(jnp.ones(2)))
