;;; jaxerr-eglot.el --- Use the jaxerr language server with eglot  -*- lexical-binding: t; -*-

;; Flags JAX calls that will raise, explains them, and offers quick fixes, through eglot.
;; Works with eglot 1.9+ (Debian 12's elpa-eglot, Emacs 28) and the eglot built into Emacs 29+.
;;
;; Usage (init.el):
;;   (load "/path/to/jaxerr-lsp/editors/emacs/jaxerr-eglot.el")
;;   (setq jaxerr-eglot-command '("jaxerr-lsp"))          ; or '("python3" "-m" "jaxerr_lsp" "serve")
;;   (setq jaxerr-eglot-settings '(:ignore ["JXE002"] :severity "warning"))   ; optional
;;   (jaxerr-eglot-setup)
;;   (add-hook 'python-mode-hook #'eglot-ensure)
;;
;; Per project, settings can also live in .dir-locals.el; eglot sends them through
;; workspace/didChangeConfiguration when it connects (and on M-x eglot-signal-didChangeConfiguration):
;;   ((python-mode . ((eglot-workspace-configuration . (:jaxerr (:ignore ["JXE002"]))))))
;;
;; Note: eglot runs ONE server per buffer. jaxerr-eglot-setup puts jaxerr first for Python modes,
;; so it replaces pylsp/pyright there. To keep another Python server, leave this out and run jaxerr
;; from the command line (jaxerr check) or through an LSP multiplexer.

;;; Code:

(require 'eglot)

(defgroup jaxerr nil "The jaxerr language server for JAX code." :group 'tools)

(defcustom jaxerr-eglot-command '("jaxerr-lsp")
  "Command that starts the jaxerr server on stdio."
  :type '(repeat string))

(defcustom jaxerr-eglot-settings nil
  "Plist of jaxerr settings: :select, :ignore (vectors of rule codes), :severity, :debounce.
Sent as initializationOptions, wrapped as (:jaxerr SETTINGS)."
  :type 'plist)

(defcustom jaxerr-eglot-modes '(python-mode python-ts-mode)
  "Major modes in which eglot should use jaxerr."
  :type '(repeat symbol))

(defun jaxerr-eglot--initialization-options (_server)
  "The initializationOptions sent to the jaxerr server."
  (list :jaxerr (or jaxerr-eglot-settings (make-hash-table))))

(defun jaxerr-eglot-contact ()
  "The eglot contact (program, args, options) for jaxerr."
  (append jaxerr-eglot-command
          (list :initializationOptions #'jaxerr-eglot--initialization-options)))

;;;###autoload
(defun jaxerr-eglot-setup ()
  "Make eglot use jaxerr for `jaxerr-eglot-modes'."
  (let ((modes (seq-filter #'fboundp jaxerr-eglot-modes)))
    (setq eglot-server-programs
          (cons (cons (if (cdr modes) modes (car modes))
                      (lambda (&rest _) (jaxerr-eglot-contact)))
                (seq-remove (lambda (entry) (equal (car entry) modes)) eglot-server-programs)))))

(provide 'jaxerr-eglot)
;;; jaxerr-eglot.el ends here
