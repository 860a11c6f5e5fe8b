import { type MailQueueCounts as Counts, localDigits } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import type { ListSummaryProps } from "../../engine/behaviour";
import { http } from "../../shell/providers/http";

/** How often the counts are read again while the page is open: the queue moves on its own. */
const REFRESH_MS = 15_000;
const STATES = ["waiting", "retrying", "failed", "sent_last_24h"] as const;

/** The queue at a glance: mail waiting, being tried again, given up, and sent in the last day. */
export default function MailQueueCounts({ meta }: ListSummaryProps) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: [meta.name, "counts"],
    queryFn: async () => (await http.get<Counts>(`/api/${meta.name}/counts`)).data.data,
    refetchInterval: REFRESH_MS,
  });
  return (
    <AppCard loading={isLoading} skeletonRows={1} className="csc-mail-queue-counts">
      <section aria-label={t("mailQueue.countsLabel")} data-testid="mail-queue-counts">
        <ul style={{ display: "flex", flexWrap: "wrap", gap: 48, listStyle: "none", margin: 0, padding: 0 }}>
          {STATES.map((state) => (
            <li key={state}>
              <Typography.Text type="secondary">{t(`mailQueue.counts.${state}`)}</Typography.Text>
              <div style={{ fontSize: 24, lineHeight: 1.4 }}>
                {localDigits(String(data?.[state] ?? 0), i18n.language)}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </AppCard>
  );
}
