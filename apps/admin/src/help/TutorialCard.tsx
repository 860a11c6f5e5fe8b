import { ClockCircleOutlined } from "@ant-design/icons";
import { youtubeVideoId } from "@csc/shared";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../shell/providers/i18n";
import { type Tutorial, tutorialText } from "./tutorials";
import { VideoEmbed } from "./VideoEmbed";

/** One tutorial: its video (or "coming soon" while it has no address), title and description. */
export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const { t } = useTranslation("help");
  const language = useLanguage();
  const { title, description } = tutorialText(tutorial, language);
  const videoId = youtubeVideoId(tutorial.video_url);
  return (
    <article className="csc-tutorial" data-testid="tutorial-card" aria-labelledby={`tutorial-${tutorial.id}`}>
      {videoId ? (
        <VideoEmbed videoId={videoId} title={title} />
      ) : (
        <div className="csc-video csc-video__soon" data-testid="tutorial-coming-soon">
          <ClockCircleOutlined aria-hidden="true" />
          <span>{t("tutorials.comingSoon")}</span>
        </div>
      )}
      <Typography.Title level={3} className="csc-tutorial__title" id={`tutorial-${tutorial.id}`}>
        {title}
      </Typography.Title>
      <Typography.Paragraph className="csc-tutorial__description">{description}</Typography.Paragraph>
    </article>
  );
}
