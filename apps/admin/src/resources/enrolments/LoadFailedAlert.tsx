import { Alert, Button } from "antd";

/** A staff section whose rows could not be loaded: the message, what went wrong and Retry. */
export function LoadFailedAlert({
  query,
  message,
  retry,
  className = "csc-enrolments__error",
}: {
  query: { error?: { message?: string } | null; refetch: () => Promise<unknown> };
  message: string;
  retry: string;
  className?: string;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      message={message}
      description={query.error?.message}
      action={<Button onClick={() => void query.refetch()}>{retry}</Button>}
    />
  );
}
