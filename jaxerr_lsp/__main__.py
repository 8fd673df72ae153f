from jaxerr_lsp.cli import main

raise SystemExit(main())
