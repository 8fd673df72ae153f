import jax


def f(x, k):
    return x * x, k


g, aux = jax.grad(f, has_aux=True)(2.0, 7)
print(g, aux)
