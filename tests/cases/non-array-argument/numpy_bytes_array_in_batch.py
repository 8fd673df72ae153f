import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def eval_step(params, batch):
    logits = batch["image"].reshape(batch["image"].shape[0], -1) @ params["w"]
    return jnp.mean(jnp.argmax(logits, -1) == batch["label"])


params = {"w": jnp.ones((12, 10))}
test_ds = {
    "image": np.ones((4, 2, 2, 3), np.float32),
    "label": np.arange(4),
    "id": np.array([b"test_09933", b"test_05669", b"test_00163", b"test_03829"]),
}
print(eval_step(params, test_ds))  # expect: JXE081
