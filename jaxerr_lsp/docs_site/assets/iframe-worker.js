// The search worker of the jaxerr catalog site, made to work offline and with pasted errors.
//
// 1. On pages opened from file://, Chromium and Firefox refuse `new Worker("file:///...")`, and
//    the search of the Material theme runs in a worker. There, `Worker` becomes an object that
//    runs the worker script in a hidden same-origin iframe: `postMessage` here dispatches a
//    "message" event there, and the script's global `postMessage(data)` dispatches one here.
//    Enough for the search worker (one script, `addEventListener("message")`, `postMessage`).
// 2. Everywhere, the queries sent to the search worker (Material's message type 2) lose the
//    characters of lunr's query syntax (`field:term`, `term^2`, `term~1`, `+term`, `-term`,
//    `term*`): a pasted JAX message such as `... at before.py:5: the given ref has type
//    Ref{float32[3]}` is words to look for, not a query to parse.
// (Named iframe-worker.js so that Material's offline plugin does not add its own from a CDN.)
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof window.Worker === 'undefined') return;
  const QUERY = 2;
  const plain = (data) => (data && data.type === QUERY && typeof data.data === 'string'
    ? { ...data, data: data.data.replace(/[:^~+*\-]+/g, ' ').replace(/\s+/g, ' ').trim() }
    : data);

  class FileWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this.queue = [];
      this.ready = false;
      const frame = document.createElement('iframe');
      frame.hidden = true;
      frame.tabIndex = -1;
      frame.title = 'search worker';
      frame.setAttribute('aria-hidden', 'true');
      (document.body || document.documentElement).appendChild(frame);
      this.frame = frame;
      const scope = frame.contentWindow;
      const deliver = (data) => {
        const event = new MessageEvent('message', { data });
        this.dispatchEvent(event);
        if (typeof this.onmessage === 'function') this.onmessage(event);
      };
      scope.postMessage = (data) => setTimeout(() => deliver(data), 0);
      scope.importScripts = () => { throw new Error('importScripts is not available on file://'); };
      const script = scope.document.createElement('script');
      script.src = new URL(url, location.href).href;
      script.onload = () => {
        this.ready = true;
        for (const data of this.queue.splice(0)) this.postMessage(data);
      };
      script.onerror = () => {
        const event = new ErrorEvent('error', { message: `could not load ${script.src}` });
        this.dispatchEvent(event);
        if (typeof this.onerror === 'function') this.onerror(event);
      };
      scope.document.head.appendChild(script);
    }

    postMessage(data) {
      if (!this.ready) {
        this.queue.push(data);
        return;
      }
      const scope = this.frame.contentWindow;
      scope.dispatchEvent(new scope.MessageEvent('message', { data: plain(data) }));
    }

    terminate() {
      this.frame.remove();
    }
  }

  if (location.protocol === 'file:') {
    window.Worker = FileWorker;
  } else {
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      postMessage(data, ...rest) {
        super.postMessage(plain(data), ...rest);
      }
    };
  }
})();
