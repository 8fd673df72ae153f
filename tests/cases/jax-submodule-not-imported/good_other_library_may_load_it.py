# case: static — another library's import may load the submodule (optax does not, but the
# tool cannot know what an arbitrary library imports)
import jax
import jax.numpy as jnp
import some_library_that_imports_jax_flatten_util  # noqa: F401

print(jax.flatten_util.ravel_pytree({"w": jnp.ones(2)})[0])
