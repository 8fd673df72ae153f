import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402

# uint32 stays uint32 with x64 on; the checker knows only "uint32 or uint64": silent.
key = jnp.array([0, 42], dtype=jnp.uint32)
print(jax.random.normal(jax.random.wrap_key_data(key)))
