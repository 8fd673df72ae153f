import jax
import jax.numpy as jnp


@jax.jit
def eval_step(params, batch):
    logits = batch["image"] @ params
    return jnp.mean((logits - batch["label"]) ** 2)


def make_batch(n):
    return {"image": jnp.ones((n, 3)), "label": jnp.zeros((n, 2)), "split": "test"}


def evaluate(params, batch):
    return eval_step(params, batch)  # expect: JXE081


test_batch = make_batch(4)
print(evaluate(jnp.ones((3, 2)), test_batch))
