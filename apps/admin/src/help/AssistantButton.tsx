import { MessageFilled } from "@ant-design/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./assistant-button.css";

/** The assistant's own code arrives only once its button has been pressed (loaded lazily). */
const AssistantPanel = lazy(() => import("./assistant/AssistantPanel"));

/**
 * The chat assistant widget: an orange button, on every signed-in screen, that opens the
 * assistant. It sits in the header beside Help: floating over the page, it covered the rows'
 * action buttons and the pagination as the page scrolled.
 */
export function AssistantButton() {
  const { t } = useTranslation("help");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // closed, the panel gives the focus back to the button that opened it
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="csc-assistant-button"
        aria-label={t("assistant.open")}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="assistant-button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MessageFilled aria-hidden="true" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
