from pkg.train import train

print(train())
