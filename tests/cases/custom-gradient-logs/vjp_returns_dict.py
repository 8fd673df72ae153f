import jax

@jax.custom_gradient(with_logs=True)
def double(x):
    return 2 * x, lambda g: {"g": g}  # expect: JXE032

_, pull = jax.vjp(double, 2.0)
print(pull.with_logs(1.0))
