import jax
import jax.numpy as jnp
from jax import lax


def power_feature(x, degree):
    return lax.integer_pow(x, degree)  # expect: JXE168


power_feature_jit = jax.jit(power_feature)
t = jnp.linspace(-1.0, 1.0, 8)
columns = [power_feature_jit(t, d) for d in range(1, 4)]
for d in range(1, 4):
    columns.append(power_feature_jit(t, d))
print(jnp.stack(columns, axis=1).shape)
