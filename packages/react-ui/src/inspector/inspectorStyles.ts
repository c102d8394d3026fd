// The inspector's own styles, rendered with it: an app that imports the inspector needs no
// stylesheet, and one that does not gets none of it. Scoped under `.crayon-inspector`.
export const inspectorStyles = `
.crayon-inspector {
  --ci-bg: #ffffff; --ci-fg: #1f2328; --ci-muted: #59636e; --ci-line: #d1d9e0;
  --ci-panel: #f6f8fa; --ci-accent: #0969da; --ci-bad: #cf222e; --ci-warn: #9a6700;
  --ci-good: #1a7f37;
  container-type: inline-size;
  contain: content;
  display: flex; flex-direction: column; gap: 8px; min-width: 0; height: 100%;
  box-sizing: border-box; padding: 8px; overflow: auto;
  background: var(--ci-bg); color: var(--ci-fg);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
}
.crayon-inspector[data-theme="dark"] {
  --ci-bg: #0d1117; --ci-fg: #e6edf3; --ci-muted: #9198a1; --ci-line: #3d444d;
  --ci-panel: #151b23; --ci-accent: #4493f8; --ci-bad: #f85149; --ci-warn: #d29922;
  --ci-good: #3fb950;
}
.crayon-inspector *, .crayon-inspector *::before { box-sizing: border-box; }
.crayon-inspector h2 { font-size: 14px; margin: 0; }
.crayon-inspector p { margin: 0; }
.crayon-inspector h3 { font-size: 12px; margin: 0 0 4px; text-transform: uppercase;
  letter-spacing: .04em; color: var(--ci-muted); }
.crayon-inspector :focus-visible { outline: 2px solid var(--ci-accent); outline-offset: 1px; }
.ci-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.ci-bar label { display: inline-flex; align-items: center; gap: 4px; min-width: 0; }
.ci-bar select, .ci-bar input[type="search"], .ci-button {
  font: inherit; color: inherit; background: var(--ci-panel); border: 1px solid var(--ci-line);
  border-radius: 6px; padding: 4px 8px; min-height: 28px; min-width: 0;
}
.ci-bar select { max-width: 100%; }
.ci-search { flex: 1 1 140px; }
.ci-search input { width: 100%; }
.ci-button { cursor: pointer; }
.ci-button[aria-pressed="true"] { background: var(--ci-accent); color: #fff; border-color: var(--ci-accent); }
.ci-button:disabled { opacity: .5; cursor: default; }
.ci-filters { display: flex; flex-wrap: wrap; gap: 4px 10px; border: 0; margin: 0; padding: 0; }
.ci-filters legend { float: left; margin-right: 6px; color: var(--ci-muted); }
.ci-filters label { display: inline-flex; align-items: center; gap: 3px; }
.ci-status { color: var(--ci-muted); }
.ci-summary { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
.ci-badge { border-radius: 10px; padding: 0 8px; font-weight: 600; border: 1px solid currentColor; }
.ci-badge[data-outcome="complete"] { color: var(--ci-good); }
.ci-badge[data-outcome="error"] { color: var(--ci-bad); }
.ci-badge[data-outcome="stopped"], .ci-badge[data-outcome="awaiting_input"] { color: var(--ci-warn); }
.ci-badge[data-outcome="streaming"] { color: var(--ci-accent); }
.ci-muted { color: var(--ci-muted); }
.ci-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; }
@container (min-width: 640px) { .ci-grid { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.ci-section { border: 1px solid var(--ci-line); border-radius: 8px; padding: 6px 8px; min-width: 0;
  background: var(--ci-panel); }
.ci-section--bad { border-color: var(--ci-bad); }
.ci-kv { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 8px; margin: 0; }
.ci-kv dt { color: var(--ci-muted); }
.ci-kv dd { margin: 0; overflow-wrap: anywhere; }
.ci-pre, .ci-rows { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.ci-pre { margin: 4px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 260px;
  overflow: auto; }
.ci-rows { list-style: none; margin: 0; padding: 0; max-height: 360px; overflow: auto; }
.ci-rows li { display: grid; grid-template-columns: 5.5em minmax(0, 1fr); gap: 6px;
  padding: 1px 0; border-top: 1px solid var(--ci-line); }
.ci-rows li:first-child { border-top: 0; }
.ci-time { color: var(--ci-muted); text-align: right; }
.ci-name { font-weight: 600; }
.ci-name--error { color: var(--ci-bad); }
.ci-data { overflow-wrap: anywhere; white-space: pre-wrap; }
.ci-empty { color: var(--ci-muted); margin: 8px 0; }
.ci-fixture { width: 100%; min-height: 120px; font: 12px ui-monospace, monospace; }
`;
