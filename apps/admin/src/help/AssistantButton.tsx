import { MessageFilled } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import "./assistant-button.css";

/** The assistant's own code arrives only once its button has been pressed (spec §2: loaded lazily). */
const AssistantPanel = lazy(() => import("./assistant/AssistantPanel"));

/** Spec §2's chat assistant widget: an orange button, on every signed-in screen, that opens the assistant. */
export function AssistantButton() {
  const { t } = useTranslation("help");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
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
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
