import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
x = jnp.zeros(2)
for i in range(3):
    step_key = jax.random.fold_in(key, i)
    x = x + jax.random.normal(step_key, (2,))
print(x)

total = lax.fori_loop(0, 3, lambda i, acc: acc + jax.random.normal(jax.random.fold_in(key, i), (2,)),
                      jnp.zeros(2))
print(total)
