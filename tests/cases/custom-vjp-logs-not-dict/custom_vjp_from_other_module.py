# case: static — `f` comes from another module (`mylib`, not installed)

from mylib import f, f_fwd
def f_bwd(res, g):
    return (g,), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
