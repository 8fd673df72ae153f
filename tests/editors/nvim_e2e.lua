-- Driven by tests/editors/test_nvim.py in a real headless Neovim (0.7.2 from Debian, 0.11 from PyPI).
-- Loads editors/nvim the way a user would, opens a trigger file, and prints what the client got:
--   DIAG <json>      one line per diagnostic
--   HOVER <json>     hover text at the first diagnostic
--   ACTIONS <json>   code action titles there; APPLIED <title>; LINE <json> the edited line
--   AFTER <n>        diagnostics left once the server re-checked the edited buffer
--   OK
-- Environment: JAXERR_RTP (editors/nvim), JAXERR_CMD (JSON array), TARGET, MODE (enable|setup|legacy),
-- SETTINGS (JSON, optional), EXPECT (diag|none).
local function out(s) io.stdout:write(s .. "\n"); io.stdout:flush() end
local function fail(msg) out("FAIL: " .. msg); vim.cmd("cquit 1") end
local json = vim.json and vim.json.encode or vim.fn.json_encode
local decode = vim.json and vim.json.decode or vim.fn.json_decode

local rtp, target, mode = os.getenv("JAXERR_RTP"), os.getenv("TARGET"), os.getenv("MODE") or "setup"
local cmd = decode(os.getenv("JAXERR_CMD"))
local settings = os.getenv("SETTINGS") and decode(os.getenv("SETTINGS")) or nil
local expect = os.getenv("EXPECT") or "diag"
out("NVIM " .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. " mode=" .. mode)

vim.opt.runtimepath:append(rtp)
vim.cmd("filetype on") -- -u NONE turns filetype detection off

-- count publishDiagnostics from jaxerr, to know when the server has spoken (also when it says "none")
local publishes = 0
local orig = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  publishes = publishes + 1
  return orig(err, result, ctx, config)
end

if mode == "enable" then
  -- 0.11+: lsp/jaxerr.lua from the runtimepath, overridden the documented way
  vim.lsp.config("jaxerr", { cmd = cmd, settings = settings })
  vim.lsp.enable("jaxerr")
else
  require("jaxerr").setup({ cmd = cmd, settings = settings, legacy = (mode == "legacy") })
end

vim.cmd("edit " .. vim.fn.fnameescape(target))
local bufnr = vim.api.nvim_get_current_buf()
if vim.bo[bufnr].filetype ~= "python" then fail("filetype is " .. vim.bo[bufnr].filetype) end

local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr, name = "jaxerr" }) end
  local r = {}
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do if c.name == "jaxerr" then table.insert(r, c) end end
  return r
end
if not vim.wait(15000, function() return #clients() > 0 end, 50) then fail("jaxerr client did not attach") end
local client = clients()[1]
out("ROOT " .. tostring(client.config.root_dir))

local function diags() return vim.diagnostic.get(bufnr) end
if not vim.wait(20000, function() return publishes > 0 and (expect == "none" or #diags() > 0) end, 50) then
  fail("no diagnostics within 20 s (publishes=" .. publishes .. ")")
end
if expect == "none" then
  vim.wait(500, function() return false end, 50) -- a late second publish would show up here
  out("AFTER " .. #diags())
  out("OK"); vim.cmd("qall!")
  return
end
for _, d in ipairs(diags()) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  out("DIAG " .. json({ lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                        severity = d.severity, source = d.source, code = code, message = d.message }))
end
local d = diags()[1]
-- rebuild the LSP diagnostic (0.7 keeps only code/data/tags in user_data.lsp; 0.10+ keeps all of it)
local lspdiag = vim.deepcopy((d.user_data and d.user_data.lsp) or {})
lspdiag.range = lspdiag.range or
  { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } }
lspdiag.message = lspdiag.message or d.message
lspdiag.source, lspdiag.severity = lspdiag.source or d.source, lspdiag.severity or d.severity
local uri = vim.uri_from_bufnr(bufnr)

-- hover at the start of the diagnostic range
local res, err = vim.lsp.buf_request_sync(bufnr, "textDocument/hover",
  { textDocument = { uri = uri }, position = { line = d.lnum, character = d.col } }, 10000)
if not res then fail("hover request failed: " .. tostring(err)) end
local hover
for _, r in pairs(res) do
  if r.result and r.result.contents then
    local c = r.result.contents
    hover = type(c) == "string" and c or c.value or json(c)
  end
end
if not hover then fail("empty hover") end
out("HOVER " .. json(hover))

-- code actions on the diagnostic: take the preferred quick fix (not "ignore"), resolve, apply
res, err = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
  textDocument = { uri = uri }, range = lspdiag.range,
  context = { diagnostics = { lspdiag }, only = { "quickfix" } },
}, 10000)
if not res then fail("codeAction request failed: " .. tostring(err)) end
local actions = {}
for _, r in pairs(res) do for _, a in ipairs(r.result or {}) do table.insert(actions, a) end end
local titles = {}
for _, a in ipairs(actions) do table.insert(titles, a.title) end
out("ACTIONS " .. json(titles))
local chosen
for _, a in ipairs(actions) do
  if not a.title:lower():find("ignore") and (chosen == nil or a.isPreferred) then chosen = a end
end
if not chosen then fail("no quick fix offered") end
if not chosen.edit and not chosen.command then
  local r2 = client.request_sync("codeAction/resolve", chosen, 10000, bufnr)
  if not r2 or r2.err or not r2.result then fail("codeAction/resolve failed: " .. vim.inspect(r2)) end
  chosen = r2.result
end
if chosen.edit then vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or "utf-16") end
if chosen.command then
  local c = type(chosen.command) == "table" and chosen.command or chosen
  client.request_sync("workspace/executeCommand", { command = c.command, arguments = c.arguments }, 10000, bufnr)
end
out("APPLIED " .. json(chosen.title))
out("LINE " .. json(vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1]))
local before = publishes
if not vim.wait(20000, function() return publishes > before and #diags() == 0 end, 50) then
  fail("diagnostic still there after the fix: " .. json(vim.tbl_map(function(x) return x.message end, diags())))
end
out("AFTER " .. #diags())

vim.lsp.stop_client(client.id)
vim.wait(3000, function() return vim.lsp.get_client_by_id(client.id) == nil end, 50)
out("OK")
vim.cmd("qall!")
