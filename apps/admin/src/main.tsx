import "@ant-design/v5-patch-for-react-19";
// antd's component styles, written by the build (build/antd-styles.ts), ahead of our own
import "virtual:antd-styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Bootstrap, startLoadingSite } from "./Bootstrap";
import { startI18n } from "./shell/providers/i18n";
import { preloadRouteChunks } from "./shell/routes/route-chunks";
import "./global.css";

// the site first: every page waits for it, and the browser opens only so many connections at once;
// the app's code meanwhile, with the chunks of the page asked for (route-chunks)
startLoadingSite();
import("./App").catch(() => {});
preloadRouteChunks(window.location.pathname);
void startI18n();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <Bootstrap />
  </StrictMode>,
);
