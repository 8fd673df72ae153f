from pkg.train import SMOKE

print(SMOKE)
