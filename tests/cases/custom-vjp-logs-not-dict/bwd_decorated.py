# case: static — the bwd rule is wrapped by an unknown decorator (`mylib`, not installed)
import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

from mylib import wrap
@wrap
def f_bwd(res, g):
    return (g, g), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
