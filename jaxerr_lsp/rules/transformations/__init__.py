"""Rules: the arguments and outputs of jit, grad, vmap, cond and the loops."""
