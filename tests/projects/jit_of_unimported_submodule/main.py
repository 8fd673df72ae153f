from pkg.run import main

print(main())
