from jax import lax

# Weak int 0 promoted with bool stays int32: the bool result still differs.
print(lax.fori_loop(0, 3, lambda i, c: c > 0, 0))  # expect: JXE096
