import jax
import jax.numpy as jnp

safe_log = jax.custom_vjp(lambda x: jnp.log(jnp.maximum(x, 1e-6)))
safe_log.defvjp(lambda x: (jnp.log(jnp.maximum(x, 1e-6)), x),
                lambda x, g: (g / jnp.maximum(x, 1e-6),))

x = jnp.arange(1.0, 4.0)
v = jnp.ones(3)
print(jax.jvp(lambda y: jnp.sum(2.0 * safe_log(y * 3.0)), (x,), (v,)))  # expect: JXE054
