import jax

@jax.custom_vjp
def f(x):
    return x

def f_fwd(x):
    return x, None

def f_bwd(res, g):
    return "not a pair"  # expect: JXE003

f.defvjp_with_logs(f_fwd, f_bwd)
jax.grad(f)(1.0)
