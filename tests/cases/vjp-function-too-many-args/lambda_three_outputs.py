import jax
import jax.numpy as jnp

x = jnp.ones(3)
out, pullback = jax.vjp(lambda v: (v * 2.0, v * 3.0, jnp.sum(v)), x)
grads = pullback(jnp.ones(3), jnp.ones(3),  # expect: JXE020
                 jnp.float32(1.0))
print(grads)
