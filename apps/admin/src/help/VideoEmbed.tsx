import { PlayCircleFilled } from "@ant-design/icons";
import { youtubeEmbedUrl } from "@csc/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A video that loads nothing from outside until asked: our own thumbnail (no image from YouTube)
 * is a button; pressing it, by click or Enter, puts the privacy-enhanced player in its place.
 */
export function VideoEmbed({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation("help");
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="csc-video">
        <iframe
          className="csc-video__frame"
          src={youtubeEmbedUrl(videoId)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="tutorial-player"
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="csc-video csc-video__thumbnail"
      onClick={() => setPlaying(true)}
      data-testid="tutorial-thumbnail"
    >
      <PlayCircleFilled aria-hidden="true" className="csc-video__play" />
      <span className="csc-visually-hidden">{t("tutorials.play", { title })}</span>
    </button>
  );
}
