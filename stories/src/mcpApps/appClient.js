// The MCP Apps client every fixture app runs (the fake endpoint puts it where the fixture says
// <!-- app-client -->): the ui/initialize handshake, requests and notifications over postMessage
// to the host, and the size reports a real app sends. Messages from anything but the host
// window are ignored, as a real app ignores them.
(() => {
  let nextId = 1;
  const pending = new Map();
  const handlers = new Map();
  const requestHandlers = new Map();
  const received = [];
  const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (message?.jsonrpc !== "2.0") return;
    if (message.method && message.id !== undefined) {
      const handle = requestHandlers.get(message.method);
      Promise.resolve(handle ? handle(message.params) : {}).then((result) =>
        send({ id: message.id, result }),
      );
      return;
    }
    if (message.method) {
      received.push({ method: message.method, params: message.params });
      handlers.get(message.method)?.(message.params);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });

  const app = {
    received,
    hostContext: undefined,
    request(method, params = {}) {
      const id = nextId++;
      send({ id, method, params });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    notify(method, params = {}) {
      send({ method, params });
    },
    on(method, handler) {
      handlers.set(method, handler);
    },
    onRequest(method, handler) {
      requestHandlers.set(method, handler);
    },
    /** Shows `text` in the element with `id` (created at the end of the body if missing). */
    show(id, text) {
      let element = document.getElementById(id);
      if (!element) {
        element = document.createElement("p");
        element.id = id;
        document.body.append(element);
      }
      element.textContent = text;
    },
  };
  window.mcpApp = app;

  const applyContext = (context = {}) => {
    if (context.theme) document.documentElement.dataset.theme = context.theme;
    for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
      document.documentElement.style.setProperty(name, value);
    }
  };
  app.on("ui/notifications/host-context-changed", applyContext);

  app.ready = app
    .request("ui/initialize", {
      appInfo: { name: document.title || "fixture", version: "1.0.0" },
      appCapabilities: { availableDisplayModes: ["inline", "fullscreen"] },
      protocolVersion: "2026-01-26",
    })
    .then((result) => {
      app.hostContext = result.hostContext;
      applyContext(result.hostContext);
      app.notify("ui/notifications/initialized");
      // Report the content's height as it changes, as the ext-apps App does.
      let last = -1;
      const report = () => {
        const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
        if (height === last) return;
        last = height;
        app.notify("ui/notifications/size-changed", { height });
      };
      new ResizeObserver(report).observe(document.documentElement);
      report();
      return result;
    });
})();
