import {
  emailChoicesFor,
  type NotificationChoice,
  type NotificationKind,
  type NotificationPreferences,
  notificationKindsFor,
} from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Alert, Button, Form, type FormInstance, Select, Switch } from "antd";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { isApiError } from "../shell/providers/http";
import { useSession } from "../shell/session/SessionContext";
import { usePreferences, useSavePreferences } from "./api";
import { NOTIFICATIONS_PATH } from "./paths";
import "./notifications.css";

type Choices = Partial<Record<NotificationKind, NotificationChoice>>;
const PARTS = ["in_app", "email"] as const;
type FieldError = Parameters<FormInstance<Choices>["setFields"]>[0][number];

/** The kinds whose choices differ from what was loaded, each with both parts (as the PATCH takes them). */
function changedChoices(kinds: readonly NotificationKind[], saved: NotificationPreferences, edited: Choices): Choices {
  const changes: Choices = {};
  for (const kind of kinds) {
    const before = saved[kind];
    const after = edited[kind];
    if (!after || !before) continue;
    if (after.in_app !== before.in_app || after.email !== before.email) {
      changes[kind] = { in_app: after.in_app, email: after.email };
    }
  }
  return changes;
}

/**
 * The API's `errors` under the fields they name: `<kind>.<part>` under that part, a whole kind
 * under its e-mail choice (the last control of its row).
 */
function fieldErrorsOf(errors: Record<string, string | string[]> | undefined): FieldError[] {
  return Object.entries(errors ?? {}).map(([key, message]) => {
    const [kind = key, part] = key.split(".");
    const field = PARTS.find((name) => name === part) ?? "email";
    return {
      name: [kind as NotificationKind, field] as FieldError["name"],
      errors: Array.isArray(message) ? message : [message],
    };
  });
}

function KindRow({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation("notifications");
  const nameId = useId();
  const aboutId = useId();
  return (
    <fieldset
      aria-labelledby={nameId}
      aria-describedby={aboutId}
      className="csc-notice-settings__row"
      data-testid="notification-kind"
      data-kind={kind}
    >
      <div>
        <h2 id={nameId} className="csc-notice-settings__kind">
          {t(`kinds.${kind}.label`)}
        </h2>
        <p id={aboutId} className="csc-notice-settings__about">
          {t(`kinds.${kind}.description`)}
        </p>
      </div>
      <Form.Item label={t("settings.inApp")} name={[kind, "in_app"]} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label={t("settings.email")} name={[kind, "email"]}>
        <Select
          // a choice named at length ("As each search's alert says") is read whole in the list
          popupMatchSelectWidth={false}
          options={emailChoicesFor(kind).map((choice) => ({
            value: choice,
            // a kind may name a choice its own way (a saved search's alert says when)
            label: t([`kinds.${kind}.emailChoices.${choice}`, `emailChoices.${choice}`]),
          }))}
        />
      </Form.Item>
    </fieldset>
  );
}

/**
 * `/notifications/settings`: for each kind the person's role receives (@csc/shared
 * `notificationKindsFor`), whether it shows under the bell and when it is e-mailed. Saving sends
 * the kinds that changed; the API's field errors show under their fields, the outcome as a toast.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation("notifications");
  const { role } = useSession();
  const { open } = useNotification();
  const [form] = Form.useForm<Choices>();
  const kinds = notificationKindsFor(role);
  const preferences = usePreferences();
  const save = useSavePreferences();

  useEffect(() => {
    if (preferences.data) form.setFieldsValue(preferences.data);
  }, [preferences.data, form]);

  const submit = (edited: Choices) => {
    const saved = preferences.data;
    if (!saved) return;
    const changes = changedChoices(kinds, saved, edited);
    if (Object.keys(changes).length === 0) {
      open?.({ key: "notification-settings", type: "success", message: t("settings.unchanged") });
      return;
    }
    save.mutate(changes, {
      onSuccess: () => open?.({ key: "notification-settings", type: "success", message: t("settings.saved") }),
      onError: (error) => {
        if (isApiError(error)) form.setFields(fieldErrorsOf(error.body.errors));
        open?.({
          key: "notification-settings",
          type: "error",
          message: (isApiError(error) && error.message) || t("common:errors.generic"),
        });
      },
    });
  };

  return (
    <div data-testid="notification-settings">
      <PageHeader
        title={t("settings.title")}
        subtitle={t("settings.subtitle")}
        back={<BackLink to={NOTIFICATIONS_PATH}>{t("settings.back")}</BackLink>}
      />
      <AppCard loading={preferences.isPending}>
        {preferences.isError ? (
          <Alert type="error" showIcon message={t("settings.loadFailed")} />
        ) : (
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            {kinds.map((kind) => (
              <KindRow key={kind} kind={kind} />
            ))}
            <div className="csc-notice-settings__notes">
              <p>{t("settings.digests")}</p>
              <p>{t("settings.language")}</p>
            </div>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              className="csc-notice-settings__save"
              data-testid="notification-settings-save"
            >
              {t("settings.save")}
            </Button>
          </Form>
        )}
      </AppCard>
    </div>
  );
}
