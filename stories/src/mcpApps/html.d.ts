/** Fixture files imported as text (Vite's `?raw`). */
declare module "*?raw" {
  const text: string;
  export default text;
}
