def count_positive(x):
    return int(x.sum())  # expect: JXE071
