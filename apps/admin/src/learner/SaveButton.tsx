import { StarFilled, StarOutlined } from "@ant-design/icons";
import type { SavedPostingAnswer } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { http, isApiError } from "../shell/providers/http";
import type { Posting, PostingKind } from "./postings";

/** `POST /api/{posting}/{id}/save` `{ saved }`: the posting's state after it. */
async function savePosting(kind: PostingKind, id: number, saved: boolean): Promise<boolean> {
  const { data } = await http.post<SavedPostingAnswer>(`/api/${kind.resource}/${id}/save`, { saved });
  return data.data.saved;
}

/**
 * Save (or un-save) a posting: it shows under the list's "Saved" scope, and the day before it stops
 * taking applications the learner is reminded, unless they applied. Its words say its state
 * ("Save" or "Saved"), shown at once and put back if the server refuses.
 */
export function SaveButton({ kind, posting }: { kind: PostingKind; posting: Posting }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState(posting.saved === true);
  const [sending, setSending] = useState(false);
  const title = String(posting.title ?? "");
  // another page (or the Saved list) may have changed it: the row as read last wins
  useEffect(() => setSaved(posting.saved === true), [posting.saved]);

  const toggle = async () => {
    const wanted = !saved;
    setSaved(wanted);
    setSending(true);
    try {
      setSaved(await savePosting(kind, posting.id, wanted));
      open?.({
        key: `save-${posting.id}`,
        type: "success",
        message: t(wanted ? "learner:save.done" : "learner:save.undone", { title }),
      });
      await invalidate({ resource: kind.resource, invalidates: ["list", "detail"], id: posting.id });
    } catch (error) {
      setSaved(!wanted);
      const closed = isApiError(error) && error.statusCode === 404;
      open?.({
        key: `save-${posting.id}`,
        type: "error",
        message: closed ? t("learner:save.gone") : t("learner:save.failed"),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="csc-save"
      icon={saved ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
      aria-label={t(saved ? "learner:save.savedFor" : "learner:save.buttonFor", { title })}
      data-saved={saved}
      loading={sending}
      onClick={toggle}
      data-testid="save-button"
    >
      {saved ? t("learner:save.saved") : t("learner:save.button")}
    </Button>
  );
}
