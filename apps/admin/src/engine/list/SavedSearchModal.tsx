import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_NAME_MAX, type SavedSearchAlert, type SavedSearchRow } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Alert, Checkbox, Form, Input, Modal, Radio } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../shell/providers/http";
import { createSavedSearch, updateSavedSearch, useRefreshSavedSearches } from "./savedSearches";

/**
 * What the dialog does: save the list's current search, or change one of the user's own (`query`:
 * the list as it stands, which may replace what the search keeps).
 */
export type SavedSearchDialog =
  | { kind: "create"; resource: string; query: string }
  | { kind: "edit"; search: SavedSearchRow; query: string };

interface SavedSearchValues {
  name: string;
  shared: boolean;
  alert: SavedSearchAlert;
  /** Editing: keep the list as it is now instead of what the search kept. */
  replace: boolean;
}

/** antd's group passes `role` on to its element but does not type it: the choices are one named group. */
const RADIO_GROUP = { role: "radiogroup" };

/** The fields the API names in its 400 answers that this form shows; any other error shows above them. */
const FORM_FIELDS = ["name", "shared", "alert"] as const;

interface SavedSearchModalProps {
  dialog: SavedSearchDialog;
  open: boolean;
  /** Institution staff: "Share with my institution". */
  canShare: boolean;
  /** A learner's search of postings: how it alerts them. */
  canAlert: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Saving a search under a name, or renaming one of one's own, sharing it and choosing its alert.
 * The server's errors show under their fields (an alert on a learner's own tab, a name too long);
 * one about the whole search (the most searches one may keep) above them, and as a toast.
 */
export default function SavedSearchModal({
  dialog,
  open,
  canShare,
  canAlert,
  onClose,
  afterClose,
}: SavedSearchModalProps) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const refresh = useRefreshSavedSearches();
  const [form] = Form.useForm<SavedSearchValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alertLabel = useId();
  const editing = dialog.kind === "edit" ? dialog.search : null;
  const initialValues: SavedSearchValues = {
    name: editing?.name ?? "",
    shared: editing?.shared ?? false,
    alert: editing?.alert ?? "off",
    replace: false,
  };
  // an own search the list no longer shows as it is: offer to keep the list as it is now instead
  const replaceable = dialog.kind === "edit" && dialog.query !== dialog.search.query;

  const submit = async (values: SavedSearchValues) => {
    setSaving(true);
    setFailure(null);
    const name = values.name.trim();
    const choices = {
      ...(canShare ? { shared: values.shared } : {}),
      ...(canAlert ? { alert: values.alert } : {}),
    };
    try {
      if (dialog.kind === "create") {
        await createSavedSearch({ resource: dialog.resource, query: dialog.query, name, ...choices });
        notify?.({ key: "saved-search", type: "success", message: t("savedSearches.saved", { name }) });
      } else {
        await updateSavedSearch(dialog.search.id, {
          name,
          ...choices,
          ...(replaceable && values.replace ? { query: dialog.query } : {}),
        });
        notify?.({ key: "saved-search", type: "success", message: t("savedSearches.updated", { name }) });
      }
      await refresh();
      onClose();
    } catch (error) {
      const errors = isApiError(error) ? (error.body.errors ?? {}) : {};
      const underFields = FORM_FIELDS.filter((field) => errors[field] !== undefined);
      form.setFields(underFields.map((field) => ({ name: field, errors: [errors[field] ?? []].flat() })));
      const elsewhere = Object.entries(errors)
        .filter(([field]) => !underFields.some((shown) => shown === field))
        .flatMap(([, text]) => [text].flat());
      // about the search as a whole: the list or its query, the most one may keep, or no answer at all
      const general =
        elsewhere.length > 0
          ? elsewhere.join(" ")
          : underFields.length > 0
            ? null
            : isApiError(error)
              ? error.message
              : t("savedSearches.saveFailed");
      setFailure(general);
      const message = general ?? (isApiError(error) ? error.message : t("savedSearches.saveFailed"));
      notify?.({ key: "saved-search", type: "error", message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t("savedSearches.editTitle") : t("savedSearches.saveTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ loading: saving, htmlType: "submit", form: "saved-search-form" }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      // a phone keeps 16 px of screen on each side
      style={{ maxWidth: "calc(100vw - 32px)" }}
      width={460}
    >
      {editing ? null : <p className="csc-saved-search-form__hint">{t("savedSearches.saveHint")}</p>}
      {failure ? (
        <Alert type="error" showIcon role="alert" message={failure} className="csc-saved-search-form__failure" />
      ) : null}
      <Form<SavedSearchValues>
        form={form}
        id="saved-search-form"
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        className="csc-saved-search-form"
      >
        <Form.Item
          name="name"
          label={t("savedSearches.name")}
          rules={[
            { required: true, whitespace: true, message: t("savedSearches.nameRequired") },
            { max: SAVED_SEARCH_NAME_MAX, message: t("savedSearches.nameTooLong", { max: SAVED_SEARCH_NAME_MAX }) },
          ]}
        >
          <Input
            autoFocus
            maxLength={SAVED_SEARCH_NAME_MAX}
            placeholder={canAlert ? t("savedSearches.namePlaceholderPostings") : t("savedSearches.namePlaceholder")}
            data-testid="saved-search-name"
          />
        </Form.Item>
        {replaceable ? (
          <Form.Item name="replace" valuePropName="checked" extra={t("savedSearches.replaceHint")}>
            <Checkbox data-testid="saved-search-replace">{t("savedSearches.replace")}</Checkbox>
          </Form.Item>
        ) : null}
        {canShare ? (
          <Form.Item name="shared" valuePropName="checked" extra={t("savedSearches.shareHint")}>
            <Checkbox data-testid="saved-search-share">{t("savedSearches.share")}</Checkbox>
          </Form.Item>
        ) : null}
        {canAlert ? (
          <Form.Item
            name="alert"
            label={<span id={alertLabel}>{t("savedSearches.alert")}</span>}
            extra={t("savedSearches.alertHint")}
          >
            <Radio.Group
              {...RADIO_GROUP}
              aria-labelledby={alertLabel}
              className="csc-saved-search-form__alerts"
              options={SAVED_SEARCH_ALERTS.map((alert) => ({
                value: alert,
                label: t(`savedSearches.alerts.${alert}`),
              }))}
              data-testid="saved-search-alert-choice"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
