import jax.numpy as jnp

n_prompts = 2
prompt_ids = jnp.ones((1, n_prompts, 77), dtype=jnp.int32)
guidance_scale = jnp.array([7.5] * n_prompts)
guidance_scale = guidance_scale.reshape(prompt_ids.shape[:2])
weights = jnp.array(2 * [[0.5, 0.5]])
print(guidance_scale.shape, weights.reshape(prompt_ids.shape[-1:][:0] + (4,)).shape)
