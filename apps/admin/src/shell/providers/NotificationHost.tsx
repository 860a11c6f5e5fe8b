import { lazy, Suspense } from "react";
import { useNotificationsWanted } from "./notification";

const NotificationOutlet = lazy(() => import("./NotificationOutlet"));

/** Mounted once inside the theme: brings antd's notifications in when the first toast is asked for. */
export function NotificationHost() {
  const wanted = useNotificationsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationOutlet />
    </Suspense>
  );
}
