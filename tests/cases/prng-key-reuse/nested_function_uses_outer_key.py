import jax

jax.config.update("jax_debug_key_reuse", True)


def make_sampler(key):
    def sample():
        return jax.random.normal(key, (2,))
    return sample


print(make_sampler(jax.random.key(0))())
