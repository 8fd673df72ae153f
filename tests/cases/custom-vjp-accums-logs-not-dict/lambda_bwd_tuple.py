import jax

f = jax.custom_vjp(lambda x: x * 3.0)
f.defvjp_with_accums(lambda x: (x * 3.0, None),
                     lambda res, g, x_acc: (g * 3.0,))  # expect: JXE031
print(jax.grad(f)(1.0))
