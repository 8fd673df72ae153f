import jax

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

g_ = jax.custom_vjp(lambda x: x * 3.0)
g_.defvjp_with_accums(lambda x: (x * 3.0, None), lambda res, g, x_acc: x_acc.accum(g * 3.0))
print(jax.grad(g_)(1.0))
