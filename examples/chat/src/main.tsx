import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@crayonai/react-ui/styles.css";
import "@crayonai/demo-ui/demo-ui.css";
import "./app.css";
import { App } from "./App";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
