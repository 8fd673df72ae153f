import jax; import jax.numpy as jnp; p = {"w": jnp.ones(3)}; out, f_vjp = jax.vjp(lambda p: jnp.sum(p["w"]), p); f_vjp.with_refs((jax.new_ref(jnp.zeros(3)),))(1.0)  # expect: JXE001
