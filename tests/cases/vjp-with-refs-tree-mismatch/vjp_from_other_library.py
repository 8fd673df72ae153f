# case: static — `vjp` comes from another library (`mylib`, not installed), not JAX

from mylib import vjp
params = {"w": 1, "b": 2}
out, f_vjp = vjp(lambda p: p, params)
f_vjp.with_refs((1, 2))
