# case: static — a draw inside `try` may not have run when the code after it runs; silent
import jax

key = jax.random.key(0)
try:
    a = jax.random.normal(key, (2,))
except ValueError:
    a = None
b = jax.random.normal(key, (2,))
