/**
 * React components for the demo agent's tools, shared by the examples: register
 * `demoToolUIs` with `CrayonChat`'s `toolUIs` prop and import `demo-ui.css` once.
 *
 * @packageDocumentation
 */
export { ConfirmationDialog } from "./ConfirmationDialog";
export { demoToolUIs } from "./demoToolUIs";
export { WeatherCard } from "./WeatherCard";
