import jax
import jax.numpy as jnp


def make_rng(seed_or_key):
    if isinstance(seed_or_key, int):
        return jax.random.PRNGKey(seed_or_key)
    return seed_or_key


def make_key(seed):
    return jax.random.key(seed)


key = make_rng(0)
sub = make_rng(key)
print(jax.random.normal(sub, (2,)))
print(make_key(1), make_key(jnp.int32(2)))
print(jax.random.key(jnp.array(3)), jax.random.PRNGKey(jnp.uint32(4)))
print(jax.vmap(jax.random.PRNGKey)(jnp.arange(3)).shape)
print(jax.random.key(jax.random.key_data(jax.random.key(5))[0]))
print(jax.random.key(jax.random.randint(jax.random.key(6), (), 0, 100)))
