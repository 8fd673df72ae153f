-- jaxerr-lsp for Neovim: one configuration shared by every Neovim version.
--
--   0.11+      lsp/jaxerr.lua on the runtimepath + vim.lsp.enable("jaxerr")   (or setup(), which does that)
--   0.8-0.10   require("jaxerr").setup(opts): vim.lsp.start() on FileType python
--   0.7        require("jaxerr").setup(opts): vim.lsp.start_client() + buf_attach_client()
--
-- opts (all optional):
--   cmd          server command, default {"jaxerr-lsp"} when on PATH, else {"python3", "-m", "jaxerr_lsp", "serve"}
--   settings     { jaxerr = { select = {...}, ignore = {...}, severity = "warning", debounce = 150 } }
--                sent as initializationOptions and through workspace/didChangeConfiguration
--   root_markers files/folders that mark a project root, default {"pyproject.toml", ".git"}
--   filetypes    default {"python"}
--   on_attach, capabilities, handlers, ...: passed on to the client unchanged
--   legacy       true: use the 0.8-0.10 path even on 0.11+ (for testing)
local M = {}

local ROOT_MARKERS = { "pyproject.toml", ".git" }

local function default_cmd()
  if vim.fn.executable("jaxerr-lsp") == 1 then
    return { "jaxerr-lsp" }
  end
  return { "python3", "-m", "jaxerr_lsp", "serve" }
end

local function merge(base, extra)
  if vim.tbl_deep_extend then
    return vim.tbl_deep_extend("force", base, extra or {})
  end
  local out = vim.deepcopy(base)
  for k, v in pairs(extra or {}) do out[k] = v end
  return out
end

-- The settings table as the server wants it: wrapped as { jaxerr = {...} } (the server also accepts
-- the unwrapped form, so { select = ... } given by a user is wrapped here).
local function wrap_settings(settings)
  settings = settings or {}
  if settings.jaxerr == nil and next(settings) ~= nil then
    settings = { jaxerr = settings }
  end
  if settings.jaxerr == nil then settings.jaxerr = vim.empty_dict and vim.empty_dict() or {} end
  return settings
end

--- The client configuration (the shape vim.lsp.config() wants on 0.11; also used by the older paths).
function M.config(opts)
  opts = opts or {}
  local cfg = merge({
    name = "jaxerr",
    cmd = default_cmd(),
    filetypes = { "python" },
    root_markers = ROOT_MARKERS,
  }, opts)
  cfg.legacy = nil
  cfg.settings = wrap_settings(cfg.settings)
  -- initializationOptions = the final settings (also after a later vim.lsp.config override)
  cfg.before_init = cfg.before_init or function(params, config)
    if params.initializationOptions == nil then params.initializationOptions = config.settings end
  end
  return cfg
end

--- The project root of a file: the nearest folder holding a root marker, else the file's folder.
function M.root_dir(fname, markers)
  markers = markers or ROOT_MARKERS
  local dir = vim.fn.fnamemodify(fname, ":p:h")
  if vim.fs and vim.fs.find then -- 0.8+
    local found = vim.fs.find(markers, { path = dir, upward = true })[1]
    if found then return vim.fn.fnamemodify(found, ":h") end
    return dir
  end
  local best -- 0.7: findfile/finddir search upward with ";"
  for _, m in ipairs(markers) do
    local hit = vim.fn.findfile(m, dir .. ";")
    if hit == "" then hit = vim.fn.finddir(m, dir .. ";") end
    if hit ~= "" then
      local root = vim.fn.fnamemodify(hit, ":p:h")
      if root:sub(-1) == "/" then root = root:sub(1, -2) end
      if m == ".git" and vim.fn.isdirectory(hit) == 1 then root = vim.fn.fnamemodify(root, ":h") end
      if best == nil or #root > #best then best = root end
    end
  end
  return best or dir
end

local clients_by_root = {} -- 0.7 only: reuse one client per root

--- Attach the server to a buffer (0.7-0.10 path; 0.11 attaches by itself after vim.lsp.enable).
function M.start(bufnr, opts)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local cfg = M.config(opts)
  local fname = vim.api.nvim_buf_get_name(bufnr)
  if fname == "" then return nil end
  cfg.root_dir = M.root_dir(fname, cfg.root_markers)
  cfg.root_markers, cfg.filetypes = nil, nil
  if vim.lsp.start then -- 0.8+: reuses a running client with the same name and root_dir
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end
  local id = clients_by_root[cfg.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    cfg.workspace_folders = { { uri = vim.uri_from_fname(cfg.root_dir), name = cfg.root_dir } }
    id = vim.lsp.start_client(cfg)
    if not id then
      vim.notify("jaxerr: the server did not start: " .. table.concat(cfg.cmd, " "), vim.log.levels.ERROR)
      return nil
    end
    clients_by_root[cfg.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Set up jaxerr for Python buffers. On 0.11+ this is vim.lsp.config("jaxerr", opts) + vim.lsp.enable.
function M.setup(opts)
  opts = opts or {}
  if vim.lsp.config and vim.lsp.enable and not opts.legacy then
    vim.lsp.config("jaxerr", M.config(opts))
    vim.lsp.enable("jaxerr")
    return
  end
  local filetypes = opts.filetypes or { "python" }
  local group = vim.api.nvim_create_augroup("jaxerr_lsp", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = filetypes,
    callback = function(args) M.start(args.buf, opts) end,
  })
  -- buffers that were already open when setup() ran
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(filetypes, vim.bo[buf].filetype) then
      M.start(buf, opts)
    end
  end
end

return M
