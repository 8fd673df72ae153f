import jax

def make_vjp(x):
    return lambda g: ((g * 2 * x,), None)

@jax.custom_gradient(with_logs=True)
def square(x):
    return x ** 2, make_vjp(x)

print(jax.grad(square)(3.0))
