import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

def f_bwd(res, g, x_acc, y_acc):
    x, y = res
    x_acc.accum(g * y)
    y_acc.accum(g * x)
    return {"g_abs": jnp.abs(g)}

f.defvjp_with_accums(f_fwd, f_bwd)
print(jax.grad(f, argnums=(0, 1))(2.0, 3.0))
out, f_vjp = jax.vjp(f, 2.0, 3.0)
print(f_vjp.with_logs(1.0))
