import pkg.registry  # noqa: F401
from pkg.train import train

print(train())
