def relu(x):
    if x > 0:  # expect: JXE070
        return x
    return 0.0 * x
