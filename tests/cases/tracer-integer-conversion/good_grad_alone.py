import jax

weights = [1.0, 2.0, 3.0]


def loss(w, n):
    total = 0.0
    for k in range(n):
        total = total + w * weights[k]
    return total


print(jax.grad(loss)(2.0, 3))
