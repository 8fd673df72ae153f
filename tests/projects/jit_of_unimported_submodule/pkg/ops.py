def scale(x, n):
    while n > 1:
        x = x * 2.0
        n = n // 2
    return x
