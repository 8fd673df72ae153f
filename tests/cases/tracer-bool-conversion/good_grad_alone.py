import jax


def relu(x):
    if x > 0:
        return x
    return 0.0


print(jax.grad(relu)(1.0), jax.value_and_grad(relu)(2.0), jax.jacrev(relu)(3.0))
print(jax.jacfwd(relu)(1.0), jax.hessian(relu)(1.0))
