-- Neovim 0.11+: with editors/nvim on the runtimepath, `vim.lsp.enable("jaxerr")` picks this up.
-- Override any field with vim.lsp.config("jaxerr", { cmd = {...}, settings = { jaxerr = {...} } }).
return require("jaxerr").config()
