import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import type { FieldInputProps } from "./types";

/** Headers 1 to 3, bold, italic, underline, ordered and bullet lists, clean — and nothing else. */
const RICH_TEXT_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["clean"],
];
const FORMATS = ["header", "bold", "italic", "underline", "list"];
const MODULES = { toolbar: RICH_TEXT_TOOLBAR };

/** Toolbar buttons by their Quill class, labelled for screen readers. */
const BUTTON_LABELS: [string, string][] = [
  [".ql-bold", "resources.richText.bold"],
  [".ql-italic", "resources.richText.italic"],
  [".ql-underline", "resources.richText.underline"],
  ['.ql-list[value="ordered"]', "resources.richText.orderedList"],
  ['.ql-list[value="bullet"]', "resources.richText.bulletList"],
  [".ql-clean", "resources.richText.clean"],
  [".ql-header .ql-picker-label", "resources.richText.heading"],
];

/** Rich text through react-quill-new (Quill 2); the value is semantic HTML. */
export default function RichTextInput({ value, onChange, onBlur, id, status, label }: FieldInputProps) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    for (const [selector, key] of BUTTON_LABELS) {
      for (const button of root.querySelectorAll(selector)) button.setAttribute("aria-label", t(key));
    }
    const editor = root.querySelector(".ql-editor");
    editor?.setAttribute("id", id);
    editor?.setAttribute("role", "textbox");
    editor?.setAttribute("aria-multiline", "true");
    if (label) editor?.setAttribute("aria-label", label);
  }, [t, id, label]);

  return (
    <div ref={wrapper} className={`csc-richtext-input${status === "error" ? " is-error" : ""}`}>
      <ReactQuill
        theme="snow"
        value={typeof value === "string" ? value : ""}
        modules={MODULES}
        formats={FORMATS}
        // loading a record re-renders its HTML; only the user's typing is a change to keep
        onChange={(html, _delta, source) => {
          if (source === "user") onChange(html);
        }}
        onBlur={onBlur}
      />
    </div>
  );
}
