import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@crayonai/react-ui/styles.css";
import "@crayonai/demo-ui/demo-ui.css";
import "./console.css";
import "./panel/spend.css";
import { App } from "./App";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
