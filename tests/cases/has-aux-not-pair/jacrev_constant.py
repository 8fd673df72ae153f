import jax

jac = jax.jacrev(lambda x: 1.0, has_aux=True)(0.5)  # expect: JXE023
print(jac)
