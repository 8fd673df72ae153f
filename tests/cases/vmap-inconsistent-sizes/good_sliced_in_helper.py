import jax
import jax.numpy as jnp


@jax.vmap
def score(logits, labels):
    return jnp.sum(logits) * labels


def evaluate(logits, label_buffer, n_valid):
    kept = logits[:n_valid]
    labels = label_buffer[:n_valid]
    return jnp.mean(score(kept, labels=labels))


def evaluate_padded(logits, label_buffer, n_valid, pad):
    return jnp.mean(score(logits[:n_valid + pad], label_buffer[:n_valid + 1]))


print(evaluate(jnp.ones((16, 10)), jnp.arange(32.0), 12))
print(evaluate_padded(jnp.ones((16, 10)), jnp.arange(32.0), 12, 1))
