# case: static — the custom_vjp function comes from another module (`mylib`, not installed)
from mylib import f

def f_fwd(x):
    return f(x), x

def f_bwd(res, g, x_acc):
    return (g,)

f.defvjp_with_accums(f_fwd, f_bwd)
