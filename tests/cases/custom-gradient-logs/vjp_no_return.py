import jax

@jax.custom_gradient(with_logs=True)
def double(x):
    def vjp(g):  # expect: JXE032
        print(g)
    return 2 * x, vjp

print(jax.grad(double)(2.0))
