from pkg.model import forward

print(forward())
