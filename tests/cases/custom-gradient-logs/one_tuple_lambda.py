import jax

@jax.custom_gradient(with_logs=True)
def square(x):
    return x ** 2, lambda g: (g * 2 * x,)  # expect: JXE032

print(jax.grad(square)(3.0))
