import jax
import jax.numpy as jnp


@jax.vmap
def score(logits, labels):
    return jnp.sum(logits) * labels


def evaluate(logits, label_buffer, n_valid):
    kept = logits[:n_valid]
    labels = label_buffer[: n_valid + 1]
    return jnp.mean(score(kept, labels=labels))  # expect: JXE094


print(evaluate(jnp.ones((16, 10)), jnp.arange(32.0), 12))
