import { Button, notification, Progress, Space, Typography } from "antd";
import i18n from "i18next";
import { useEffect, useState } from "react";
import { formatNumber } from "../../engine/display/format";
import { attachNotificationOutlet, NOTIFICATION_CONFIG, type NotificationCommand } from "./notification";

type NotificationApi = ReturnType<typeof notification.useNotification>[0];

function UndoableNotification({ message, seconds, onUndo }: { message: string; seconds: number; onUndo: () => void }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Space align="center">
      <Progress
        type="circle"
        size={36}
        percent={(left / seconds) * 100}
        // the countdown is a progress bar to a screen reader: it says what it counts
        aria-label={i18n.t("notifications.undoable", { seconds: formatNumber(left, i18n.language) ?? left })}
        format={() => formatNumber(left, i18n.language) ?? left}
      />
      <Typography.Text>{message}</Typography.Text>
      <Button size="small" onClick={onUndo}>
        {i18n.t("buttons.undo")}
      </Button>
    </Space>
  );
}

function show(api: NotificationApi, command: NotificationCommand) {
  if (command.kind === "close") {
    api.destroy(command.key);
    return;
  }
  const { key, message, description, type, cancelMutation, undoableTimeout } = command.params;
  if (type === "progress") {
    const seconds = undoableTimeout ?? 5;
    api.open({
      key,
      message: null,
      description: (
        <UndoableNotification
          message={message}
          seconds={seconds}
          onUndo={() => {
            cancelMutation?.();
            if (key) api.destroy(key);
          }}
        />
      ),
      duration: 0,
      closeIcon: false,
    });
    return;
  }
  api[type]({
    key,
    message,
    description,
    placement: NOTIFICATION_CONFIG.placement,
    duration: NOTIFICATION_CONFIG.duration,
    role: type === "error" ? "alert" : "status",
  });
}

/** antd's notifications in the themed context (inside ConfigProvider), loaded with the first toast. */
export default function NotificationOutlet() {
  const [api, contextHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => attachNotificationOutlet((command) => show(api, command)), [api]);
  return contextHolder;
}
