import { LockOutlined } from "@ant-design/icons";
import { isOpenForApplications } from "@csc/shared";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { Posting, PostingKind } from "./postings";

/**
 * Whether this posting takes applications now, by the rule the API refuses them by
 * (@csc/shared `isOpenForApplications`): a closed one offers no Apply anywhere.
 */
export const takesApplications = (kind: PostingKind, posting: Posting, now = new Date()) =>
  isOpenForApplications(kind.postingType, posting, now);

/** Said where Apply would be once a posting's registration or deadline has passed. */
export function RegistrationClosed() {
  const { t } = useTranslation();
  return (
    <Tag
      bordered={false}
      icon={<LockOutlined aria-hidden="true" />}
      className="csc-application-status csc-application-status--closed"
      data-testid="registration-closed"
    >
      {t("learner:registration.closed")}
    </Tag>
  );
}
