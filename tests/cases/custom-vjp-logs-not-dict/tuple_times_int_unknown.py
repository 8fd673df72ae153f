# case: static — `g` is a parameter: `g * 2` may be of any type
import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

def f_bwd(res, g):
    x, y = res
    return g * 2, g * 2
f.defvjp_with_logs(f_fwd, f_bwd)
