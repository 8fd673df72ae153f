import jax

def cube(x):
    return x ** 3, lambda g: ((3 * g * x ** 2,), "cube")  # expect: JXE032

cube_cg = jax.custom_gradient(with_logs=True)(cube)
print(jax.grad(cube_cg)(2.0))
