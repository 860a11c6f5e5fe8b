import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Bootstrap } from "./Bootstrap";
import { startI18n } from "./shell/providers/i18n";
import "./global.css";

void startI18n();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <Bootstrap />
  </StrictMode>,
);
