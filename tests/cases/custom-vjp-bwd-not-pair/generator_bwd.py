# case: static — a generator bwd rule: the checker does not say what it yields
import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

def f_bwd(res, g):
    yield (g, g), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
