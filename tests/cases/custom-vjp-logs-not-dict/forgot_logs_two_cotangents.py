import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

def f_bwd(res, g):
    x, y = res
    return g * y, g * x  # expect: JXE002
f.defvjp_with_logs(f_fwd, f_bwd)
jax.grad(f)(1.0, 2.0)
