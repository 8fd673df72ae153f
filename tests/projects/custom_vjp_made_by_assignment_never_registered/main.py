from pkg.model import ACTIVATED

print(ACTIVATED)
