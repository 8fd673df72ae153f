import jax

a = jax.random.key(0)
b = jax.random.key(0)
print(a == b, a != jax.random.key(1))
