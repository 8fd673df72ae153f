# case: static — the bwd rule comes from another module (`mylib`, not installed)
import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

from mylib import f_bwd
f.defvjp_with_accums(f_fwd, f_bwd)
