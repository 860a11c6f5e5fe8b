import { BellOutlined, DeleteOutlined, EditOutlined, TeamOutlined } from "@ant-design/icons";
import type { SavedSearchRow } from "@csc/shared";
import { Button, Tag } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface SavedSearchItemProps {
  search: SavedSearchRow;
  /** The caller's own: they change and delete it; a colleague's shared one is only applied. */
  own: boolean;
  onApply: () => void;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

/**
 * One saved search of the list: its name applies it; beside it whether it is shared and how it
 * alerts, and for the owner Edit and Delete (asked again in place, the focus on the answer).
 */
export function SavedSearchItem({ search, own, onApply, onEdit, onDelete }: SavedSearchItemProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const { name } = search;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <li className="csc-saved-search" data-testid="saved-search" data-saved-search-id={search.id}>
      <div className="csc-saved-search__main">
        <Button type="link" className="csc-saved-search__apply" onClick={onApply} data-testid="saved-search-apply">
          {name}
        </Button>
        {search.shared || search.alert !== "off" ? (
          <span className="csc-saved-search__tags">
            {search.shared ? (
              <Tag icon={<TeamOutlined aria-hidden="true" />} bordered={false} data-testid="saved-search-shared">
                {own ? t("savedSearches.shared") : t("savedSearches.sharedWithYou")}
              </Tag>
            ) : null}
            {search.alert !== "off" ? (
              <Tag icon={<BellOutlined aria-hidden="true" />} bordered={false} data-testid="saved-search-alert">
                {t(`savedSearches.alertTag.${search.alert}`)}
              </Tag>
            ) : null}
          </span>
        ) : null}
      </div>
      {own && !confirming ? (
        <span className="csc-saved-search__actions">
          <Button
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden="true" />}
            aria-label={t("savedSearches.edit", { name })}
            title={t("savedSearches.edit", { name })}
            onClick={onEdit}
            data-testid="saved-search-edit"
          />
          <Button
            ref={deleteButton}
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={t("savedSearches.delete", { name })}
            title={t("savedSearches.delete", { name })}
            onClick={() => setConfirming(true)}
            data-testid="saved-search-delete"
          />
        </span>
      ) : null}
      {confirming ? (
        <fieldset className="csc-saved-search__confirm">
          <legend>{t("savedSearches.deleteQuestion", { name })}</legend>
          <Button
            ref={confirmButton}
            size="small"
            danger
            type="primary"
            loading={deleting}
            onClick={() => void remove()}
            data-testid="saved-search-delete-confirm"
          >
            {t("buttons.delete")}
          </Button>
          <Button size="small" onClick={() => setConfirming(false)} disabled={deleting}>
            {t("buttons.cancel")}
          </Button>
        </fieldset>
      ) : null}
    </li>
  );
}
