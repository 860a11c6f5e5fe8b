import { CALENDARS, type Calendar } from "@csc/shared";
import { useGetIdentity, useNotification } from "@refinedev/core";
import { Radio, Typography } from "antd";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayCalendar } from "../engine/display/format";
import { http, isApiError } from "../shell/providers/http";
import { rememberCalendar } from "../shell/session/calendar";
import type { CurrentUser } from "../shell/session/types";

/** A new calendar redraws the screen; the option keeps the keyboard's place through it. */
let refocusAfterChange = false;

/**
 * The user's calendar (Gregorian or Bikram Sambat) for every date on screen. The choice applies at
 * once on this device and is saved to the account (`PATCH /profile { calendar }`).
 */
export default function CalendarOption() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const identity = useGetIdentity<CurrentUser | null>();
  const labelId = useId();
  const helpId = useId();
  const group = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const value = displayCalendar();

  useEffect(() => {
    if (!refocusAfterChange) return;
    refocusAfterChange = false;
    group.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
  }, []);

  const choose = async (calendar: Calendar) => {
    if (calendar === value) return;
    setSaving(true);
    refocusAfterChange = true;
    rememberCalendar(calendar);
    try {
      await http.patch("/api/profile", { calendar });
      await identity.refetch();
      open?.({ key: "calendar", type: "success", message: t("calendar.saved") });
    } catch (error) {
      // an account without the option yet: the choice stays on this device
      if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 405)) {
        open?.({ key: "calendar", type: "success", message: t("calendar.savedHere") });
      } else {
        open?.({
          key: "calendar",
          type: "error",
          message: (isApiError(error) && error.message) || t("errors.generic"),
        });
      }
    } finally {
      // by now the new calendar has redrawn the screen (or the choice failed)
      refocusAfterChange = false;
      setSaving(false);
    }
  };

  return (
    <div className="csc-calendar-option">
      <Typography.Text strong id={labelId}>
        {t("calendar.label")}
      </Typography.Text>
      <Typography.Paragraph type="secondary" id={helpId} style={{ marginBottom: 8 }}>
        {t("calendar.help")}
      </Typography.Paragraph>
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={helpId} ref={group}>
        <Radio.Group
          value={value}
          disabled={saving}
          onChange={(event) => void choose(event.target.value as Calendar)}
          options={CALENDARS.map((calendar) => ({ value: calendar, label: t(`calendar.${calendar}`) }))}
        />
      </div>
    </div>
  );
}
