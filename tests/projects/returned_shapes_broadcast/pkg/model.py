import pkg.shapes as s


def forward():
    return s.features() + s.bias()  # expect: JXE101
