import pkg.shapes as s


def forward():
    return s.features() + s.bias(), s.column() * s.features()
