from pkg.ops import softplus


def predict(w, x):
    return softplus(x @ w)
