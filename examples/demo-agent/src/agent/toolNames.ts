/**
 * The tools the demo agent's scripts call, by name: what an app registers its tool UIs for.
 * `confirm` is answered by the client's UI (`/confirm`); `weather` runs on the server unless
 * the client declares it (`/tool`).
 */
export const demoToolNames = { weather: "get_weather", confirm: "confirm_action" } as const;
