# case: static — a name bound by unpacking a call is not followed (q could be anything the code does not show)


def helper():
    return [0.0, 0.0], 1.0


q, r = helper()
q[0] = r
print(q)
