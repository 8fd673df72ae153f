import jax
import jax.numpy as jnp


def energy(z):
    return jnp.sum(z**2) + jnp.where(jnp.any(z > 1.5), jnp.inf, 0.0)


def draw_finite(key):
    def redraw(state):
        key, _, _ = state
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (3,))
        return key, z, energy(z)

    key, z, e = redraw((key, jnp.zeros(3), jnp.inf))
    key, z, e = jax.lax.while_loop(lambda s: ~jnp.isfinite(s[2]), redraw, (key, z, e))
    return z


def count_draws(key, limit):
    # Outside any transformation the same retry loop is plain Python on concrete values.
    key, sub = jax.random.split(key)
    e = energy(jax.random.normal(sub, (3,)))
    tries = 0
    while not jnp.isfinite(e) and tries < limit:
        key, sub = jax.random.split(key)
        e = energy(jax.random.normal(sub, (3,)))
        tries += 1
    return tries


keys = jax.random.split(jax.random.key(0), 4)
print(jax.vmap(draw_finite)(keys).shape, count_draws(jax.random.key(1), 10))
