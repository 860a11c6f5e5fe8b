import { useTranslation } from "react-i18next";
import "./standalone.css";

/** With maintenance mode on, this replaces the whole app on every path. */
export default function Maintenance() {
  const { t } = useTranslation();
  return (
    <main className="csc-standalone">
      <div className="csc-standalone__card">
        <svg className="csc-standalone__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r="56" fill="#edf2ff" />
          <path
            d="M78 34a16 16 0 0 0-20 20L36 76a6 6 0 0 0 8.5 8.5L66.5 62A16 16 0 0 0 86 42l-9 9-8-2-2-8 9-9z"
            fill="#4263eb"
          />
        </svg>
        <h1>{t("maintenance.title", "We'll be back soon!")}</h1>
        <p>{t("maintenance.message", "We're performing some maintenance at the moment. Please check back later.")}</p>
      </div>
    </main>
  );
}
