import { useEffect, useRef } from "react";

/** hCaptcha's script: an outside download, fetched only on a site that has a captcha key. */
const SCRIPT_URL = "https://js.hcaptcha.com/1/api.js?render=explicit";

interface HCaptcha {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void },
  ) => string;
}

declare global {
  interface Window {
    hcaptcha?: HCaptcha;
  }
}

let loading: Promise<HCaptcha> | null = null;

function loadHCaptcha(): Promise<HCaptcha> {
  if (window.hcaptcha) return Promise.resolve(window.hcaptcha);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.hcaptcha ? resolve(window.hcaptcha) : reject(new Error("hCaptcha did not start")));
    script.onerror = () => {
      loading = null;
      reject(new Error("hCaptcha could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The captcha of a guest application, when the site has a key (`GET /api/public/config`
 * `captchaSiteKey`); the server checks the token it reports. Without a key nothing is loaded.
 */
export function Captcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  });
  useEffect(() => {
    let cancelled = false;
    loadHCaptcha()
      .then((hcaptcha) => {
        if (cancelled || !container.current || container.current.childElementCount > 0) return;
        hcaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => report.current(token),
          "expired-callback": () => report.current(""),
        });
      })
      .catch(() => {
        // the server refuses the application without a token, under the captcha field
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  return <div ref={container} className="h-captcha" data-sitekey={siteKey} data-testid="captcha" />;
}
