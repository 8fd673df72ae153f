import jax.numpy as jnp
import numpy as np

values = np.zeros(3)
for chunk in []:
    values = jnp.asarray(chunk)
values[0] = 1.0
with open(__file__) as handle:
    table = np.zeros(2)
    if handle.readable():
        table = jnp.ones(2)
        table = np.array(table)
table[0] = 0.0
print(values, table)
