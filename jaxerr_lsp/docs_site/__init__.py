"""The catalog as a website: one page per entry and per documented API, indexes, the checker's
page and an offline search (`jaxerr docs build`), and the addresses of those pages that
diagnostics, SARIF, `explain`, hover and the runtime companion link to (`links`)."""
