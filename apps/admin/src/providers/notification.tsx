import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { App, Button, Progress, Space, notification as staticNotification, Typography } from "antd";
import i18n from "i18next";
import { useEffect, useState } from "react";

type NotificationApi = ReturnType<typeof App.useApp>["notification"];

/** Spec §9: toasts close after 5000 ms, top-right, one per id. */
export const NOTIFICATION_CONFIG = { placement: "topRight", duration: 5, maxCount: 5 } as const;

let api: NotificationApi | null = null;
const current = (): NotificationApi => api ?? (staticNotification as unknown as NotificationApi);

function UndoableNotification({ message, seconds, onUndo }: { message: string; seconds: number; onUndo: () => void }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Space align="center">
      <Progress type="circle" size={36} percent={(left / seconds) * 100} format={() => left} />
      <Typography.Text>{message}</Typography.Text>
      <Button size="small" onClick={onUndo}>
        {i18n.t("buttons.undo")}
      </Button>
    </Space>
  );
}

/** The refine notification provider, built once: antd notifications through the App context. */
export const notify: NotificationProvider = {
  open: ({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams) => {
    const notification = current();
    if (type === "progress") {
      const seconds = undoableTimeout ?? 5;
      notification.open({
        key,
        message: null,
        description: (
          <UndoableNotification
            message={message}
            seconds={seconds}
            onUndo={() => {
              cancelMutation?.();
              if (key) notification.destroy(key);
            }}
          />
        ),
        duration: 0,
        closeIcon: false,
      });
      return;
    }
    notification[type]({
      key,
      message,
      description,
      placement: NOTIFICATION_CONFIG.placement,
      duration: NOTIFICATION_CONFIG.duration,
      role: type === "error" ? "alert" : "status",
    });
  },
  close: (key: string) => current().destroy(key),
};

/** Mounted inside antd's <App>: routes notifications through the themed context instance. */
export function NotificationBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    api = notification;
    return () => {
      if (api === notification) api = null;
    };
  }, [notification]);
  return null;
}
