import { describe, expect, it } from "vitest";
import { helpPath } from "./help.js";
import { ROLES } from "./roles.js";
import { validateOptionalYoutubeUrl, youtubeEmbedUrl, youtubeVideoId } from "./video.js";

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("reads %s as %s", (address, id) => {
    expect(youtubeVideoId(address)).toBe(id);
  });

  it.each([
    "",
    "https://vimeo.com/123456",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "ftp://youtu.be/dQw4w9WgXcQ",
  ])("refuses %s", (address) => {
    expect(youtubeVideoId(address)).toBeNull();
  });

  it("embeds from youtube-nocookie.com only", () => {
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  });

  it("lets a blank address pass and names the field's problem otherwise", () => {
    expect(validateOptionalYoutubeUrl("")).toBeNull();
    expect(validateOptionalYoutubeUrl("https://youtu.be/dQw4w9WgXcQ")).toBeNull();
    expect(validateOptionalYoutubeUrl("https://example.com")?.key).toBe("validation:youtubeUrl");
  });
});

describe("helpPath", () => {
  it("is /help for learners and /admin/help for everyone else", () => {
    expect(helpPath(ROLES.STUDENT)).toBe("/help");
    expect(helpPath(ROLES.LEARNER)).toBe("/help");
    expect(helpPath(ROLES.COLLEGE_ADMIN)).toBe("/admin/help");
    expect(helpPath(ROLES.SUPER_ADMIN)).toBe("/admin/help");
  });
});
