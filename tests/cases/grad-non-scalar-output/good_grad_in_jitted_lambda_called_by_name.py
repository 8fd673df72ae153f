import jax
import jax.numpy as jnp


def energy(params, pos):
    h = jnp.tanh(pos.sum(axis=0) @ params["w1"])
    return (h @ params["w2"]).reshape(())  # one number


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (3, 8)), "w2": jax.random.normal(k2, (8, 1))}


forces = jax.jit(lambda params, pos: -jax.grad(energy, argnums=1)(params, pos))

params = init(jax.random.PRNGKey(0))
pos = jax.random.uniform(jax.random.PRNGKey(1), (5, 3))
print(forces(params, pos))
