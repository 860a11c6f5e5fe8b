import { Input, type InputProps } from "antd";
import { useEffect, useRef, useState } from "react";

const DELAY_MS = 400;

/** A text box that reports its value after typing pauses (or at once on Enter), and follows outside changes. */
export function DebouncedInput({
  value,
  onCommit,
  ...rest
}: Omit<InputProps, "value" | "onChange"> & { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      // Enter may have committed this text already: a second commit would land on whatever page
      // the user went on to (a row they opened), adding the search to its address
      if (committed.current === text) return;
      committed.current = text;
      onCommit(text);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);
  return (
    <Input
      {...rest}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => {
        committed.current = text;
        onCommit(text);
      }}
    />
  );
}
