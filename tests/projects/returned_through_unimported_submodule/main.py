from pkg.train import run

print(run())
