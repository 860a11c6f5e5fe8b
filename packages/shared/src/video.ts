import { VALIDATION_MESSAGES, type ValidationMessage } from "./validation.js";

/**
 * A tutorial's video address (the `video` field type, the Help page): how it is read, kept and
 * embedded. Only YouTube, and only from its privacy-enhanced host.
 */

/** The only host a video is ever embedded from: the CSP allows nothing else (privacy-enhanced mode). */
const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
];

/**
 * The video id of a YouTube address: a watch page (`youtube.com/watch?v=…`), a short link
 * (`youtu.be/…`), a Short (`youtube.com/shorts/…`) or an embed (`youtube.com/embed/…`, also on
 * youtube-nocookie.com); null for anything else.
 */
export function youtubeVideoId(address: string | null | undefined): string | null {
  const parts = ADDRESS.exec(address?.trim() ?? "");
  if (!parts) return null;
  const [, host = "", path = "", query = ""] = parts;
  const segments = path.split("/").filter(Boolean);
  let id: string | undefined;
  if (host.toLowerCase() === "youtu.be") id = segments.length === 1 ? segments[0] : undefined;
  else if (YOUTUBE_HOSTS.includes(host.toLowerCase())) {
    if (segments.length === 1 && segments[0] === "watch") id = /(?:^\?|&)v=([^&]*)/.exec(query)?.[1];
    else if (segments.length === 2 && (segments[0] === "shorts" || segments[0] === "embed")) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** An http(s) address (the scheme may be left out): its host, path and query. */
const ADDRESS = /^(?:https?:\/\/)?([^/?#:@\s]+)(\/[^?#\s]*)?(\?[^#\s]*)?(?:#\S*)?$/i;

/** The player's address for a video id, on the privacy-enhanced host only. */
export const youtubeEmbedUrl = (videoId: string): string =>
  `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;

/** How a video's address is kept: its watch page, whatever form of address was given. */
export const youtubeWatchUrl = (videoId: string): string => `https://www.youtube.com/watch?v=${videoId}`;

export const YOUTUBE_URL_MESSAGE: ValidationMessage = VALIDATION_MESSAGES.youtubeUrl;

/** An optional video address: blank passes, anything else must be a YouTube video (`youtubeVideoId`). */
export const validateOptionalYoutubeUrl = (value: string | null | undefined): ValidationMessage | null =>
  !value || value.trim() === "" || youtubeVideoId(value) ? null : YOUTUBE_URL_MESSAGE;
