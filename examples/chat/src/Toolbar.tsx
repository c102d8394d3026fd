import { type DemoProtocol, demoProtocolLabels, demoProtocols } from "@crayonai/demo-agent/client";
import { type Layout, layouts, type Settings } from "./settings";

const layoutLabels: Record<Layout, string> = {
  standalone: "Standalone",
  copilot: "Copilot",
  "bottom-tray": "Bottom tray",
};

const shortLayoutLabels: Record<Layout, string> = {
  standalone: "Full",
  copilot: "Copilot",
  "bottom-tray": "Tray",
};

/** Props of {@link Toolbar}. */
export type ToolbarProps = {
  settings: Settings;
  onChange: (settings: Settings) => void;
};

/** The example's controls: wire protocol, layout, the inspector and theme. */
export function Toolbar({ settings, onChange }: ToolbarProps) {
  return (
    <header className="toolbar">
      <span className="toolbar__title">Crayon</span>

      <label className="toolbar__field">
        <span className="toolbar__label">Protocol</span>
        <select
          data-testid="protocol-select"
          value={settings.protocol}
          onChange={(event) =>
            onChange({ ...settings, protocol: event.currentTarget.value as DemoProtocol })
          }
        >
          {demoProtocols.map((protocol) => (
            <option key={protocol} value={protocol}>
              {demoProtocolLabels[protocol]}
            </option>
          ))}
        </select>
      </label>

      <fieldset className="toolbar__segmented" data-testid="layout-switcher">
        <legend className="toolbar__label">Layout</legend>
        {layouts.map((layout) => (
          <label key={layout} className="toolbar__segment">
            <input
              type="radio"
              name="layout"
              value={layout}
              data-testid={`layout-${layout}`}
              checked={settings.layout === layout}
              onChange={() => onChange({ ...settings, layout })}
            />
            <span>
              <span className="toolbar__long">{layoutLabels[layout]}</span>
              {/* On a phone the toolbar fits one row with the shorter name. */}
              <span className="toolbar__short" aria-hidden="true">
                {shortLayoutLabels[layout]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {/* The development panel: each reply's request, wire and Crayon events side by side. */}
      <button
        type="button"
        className="toolbar__toggle"
        data-testid="inspector-toggle"
        aria-pressed={settings.inspector}
        onClick={() => onChange({ ...settings, inspector: !settings.inspector })}
      >
        Inspector
      </button>

      <button
        type="button"
        className="toolbar__theme"
        data-testid="theme-toggle"
        aria-pressed={settings.theme === "dark"}
        onClick={() =>
          onChange({ ...settings, theme: settings.theme === "dark" ? "light" : "dark" })
        }
      >
        <span className="toolbar__theme-text">Dark theme</span>
        <span className="toolbar__theme-icon" aria-hidden="true">
          ◐
        </span>
      </button>
    </header>
  );
}
