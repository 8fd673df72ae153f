import numpy as np
import jax


def schedule(steps, warmup=10):
    if steps < 12:
        return np.zeros(steps - 1, dtype=np.float32)
    rates = np.ones(steps, dtype=np.float32)
    rates[:warmup] = 0.5
    return rates


def anneal(key, start, steps):
    rates = schedule(steps)
    keys = jax.random.split(key, steps)

    def move(x, inputs):
        k, rate = inputs
        return x + rate * jax.random.normal(k), x

    return jax.lax.scan(move, start, (keys, rates))


print(anneal(jax.random.key(0), 0.0, steps=16))
