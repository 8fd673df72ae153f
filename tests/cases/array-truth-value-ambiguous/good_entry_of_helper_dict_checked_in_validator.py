import jax.numpy as jnp

SEQ = 8


def make_batch():
    tokens = jnp.ones((4, SEQ), dtype=jnp.int32)
    return {"tokens": tokens, "mask": jnp.tril(jnp.ones((SEQ, SEQ), dtype=bool))}


def validate(batch):
    visible = jnp.diagonal(batch["mask"])
    if not visible.all():
        raise ValueError("every position must see itself")
    return True


batch = make_batch()
print(validate(batch), batch["tokens"].shape)
