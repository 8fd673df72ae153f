import jax
import jax.numpy as jnp


def energy(z):
    return jnp.sum(z**2) + jnp.where(jnp.any(z > 1.5), jnp.inf, 0.0)


def draw_finite(key):
    key, sub = jax.random.split(key)
    z = jax.random.normal(sub, (3,))
    e = energy(z)
    while not jnp.isfinite(e):  # expect: JXE070
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (3,))
        e = energy(z)
    return z


keys = jax.random.split(jax.random.key(0), 4)
print(jax.vmap(draw_finite)(keys))
