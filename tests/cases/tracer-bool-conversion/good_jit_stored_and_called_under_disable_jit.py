import jax

relu = jax.jit(lambda x: x if x > 0 else 0.0)

with jax.disable_jit():
    print(relu(2.0))
