;;; emacs_e2e.el --- driven by tests/editors/test_emacs.py in a real batch Emacs + eglot  -*- lexical-binding: t; -*-
;; Loads editors/emacs/jaxerr-eglot.el the way a user would, opens a trigger file, and prints:
;;   DIAG <beg> <end> <type> <text>   one line per flymake diagnostic from eglot
;;   HOVER <json>                     hover text at the first diagnostic
;;   ACTIONS <json> / APPLIED <title> / LINE <json> / AFTER <n>   the quick fix applied, and what is left
;;   OK
;; Environment: JAXERR_EL (jaxerr-eglot.el), JAXERR_CMD (JSON array), TARGET, SETTINGS (JSON, optional),
;; EXPECT (diag|none).
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa") ; Debian's elpa-* packages
(package-initialize)
(require 'json)
(require 'flymake)
(prefer-coding-system 'utf-8)
(setq coding-system-for-write 'utf-8)

(defun e2e-out (fmt &rest args) (princ (concat (apply #'format fmt args) "\n")))
(defun e2e-fail (msg) (e2e-out "FAIL: %s" msg) (kill-emacs 1))
(defun e2e-json (obj) (let ((json-encoding-pretty-print nil)) (json-encode obj)))

(load (getenv "JAXERR_EL") nil t)
(setq jaxerr-eglot-command (append (json-parse-string (getenv "JAXERR_CMD") :array-type 'list) nil))
(when (getenv "SETTINGS")
  (setq jaxerr-eglot-settings (json-parse-string (getenv "SETTINGS") :object-type 'plist :array-type 'array)))
(jaxerr-eglot-setup)
(setq eglot-sync-connect t)
(defvar e2e-expect (or (getenv "EXPECT") "diag"))

(defun e2e-wait (pred seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.1)
      (when flymake-mode (flymake-start)))
    (funcall pred)))

(defvar e2e-publishes 0)
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest _)
              (when (eq method 'textDocument/publishDiagnostics) (setq e2e-publishes (1+ e2e-publishes)))))

(condition-case err
    (progn
      (find-file (getenv "TARGET"))
      (unless (derived-mode-p 'python-mode) (e2e-fail (format "major mode is %s" major-mode)))
      ;; eglot-ensure waits for post-command-hook, which never runs in --batch: connect the same way
      ;; it does, from the contact that jaxerr-eglot-setup put in eglot-server-programs.
      (apply #'eglot--connect (eglot--guess-contact))
      (unless (eglot-current-server) (e2e-fail "eglot did not connect"))
      (e2e-out "SERVER %s" (e2e-json (process-command (jsonrpc--process (eglot-current-server)))))
      (flymake-mode 1)
      (unless (e2e-wait (lambda () (and (> e2e-publishes 0)
                                        (or (equal e2e-expect "none") (flymake-diagnostics))))
                        20)
        (e2e-fail (format "no diagnostics within 20 s (publishes=%d)" e2e-publishes)))
      (when (equal e2e-expect "none")
        (e2e-wait (lambda () nil) 0.5)
        (e2e-out "AFTER %d" (length (flymake-diagnostics)))
        (e2e-out "OK")
        (kill-emacs 0))
      (dolist (d (flymake-diagnostics))
        (e2e-out "DIAG %d %d %s %s" (flymake-diagnostic-beg d) (flymake-diagnostic-end d)
                 (flymake-diagnostic-type d) (e2e-json (flymake-diagnostic-text d))))
      (let* ((d (car (flymake-diagnostics)))
             (server (eglot-current-server)))
        (goto-char (flymake-diagnostic-beg d))
        (let* ((res (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
               (contents (plist-get res :contents)))
          (unless contents (e2e-fail "empty hover"))
          (e2e-out "HOVER %s" (e2e-json (if (stringp contents) contents (plist-get contents :value)))))
        ;; quick fix: eglot 1.9 does not resolve code actions itself, so resolve here if needed
        (let* ((actions (eglot-code-actions (flymake-diagnostic-beg d) (flymake-diagnostic-end d) "quickfix"))
               (chosen nil))
          (e2e-out "ACTIONS %s" (e2e-json (vconcat (mapcar (lambda (a) (plist-get a :title)) actions))))
          (dolist (a actions)
            (unless (string-match-p "ignore" (downcase (plist-get a :title)))
              (when (or (null chosen) (eq (plist-get a :isPreferred) t)) (setq chosen a))))
          (unless chosen (e2e-fail "no quick fix offered"))
          (unless (or (plist-get chosen :edit) (plist-get chosen :command))
            (setq chosen (jsonrpc-request server :codeAction/resolve chosen)))
          (when (plist-get chosen :edit) (eglot--apply-workspace-edit (plist-get chosen :edit)))
          (let ((cmd (plist-get chosen :command)))
            (when cmd (eglot-execute-command server (intern (plist-get cmd :command)) (plist-get cmd :arguments))))
          (e2e-out "APPLIED %s" (e2e-json (plist-get chosen :title)))
          (goto-char (flymake-diagnostic-beg d))
          (e2e-out "LINE %s" (e2e-json (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
          ;; eglot sends didChange from an idle timer, and --batch is never idle: send it now
          (eglot--signal-textDocument/didChange)
          (let ((before e2e-publishes))
            (unless (e2e-wait (lambda () (and (> e2e-publishes before) (null (flymake-diagnostics)))) 20)
              (e2e-fail (format "diagnostic still there after the fix: %S"
                                (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))))
        (e2e-out "AFTER %d" (length (flymake-diagnostics)))
        (eglot-shutdown server))
      (e2e-out "OK")
      (kill-emacs 0))
  (error (e2e-fail (format "%S" err))))
