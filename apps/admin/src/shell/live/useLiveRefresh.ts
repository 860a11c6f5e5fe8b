import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { channelOf, liveProvider } from "./liveProvider";

/**
 * Reads `queryKey` (and every query under it) again whenever rows of these resources change in
 * another session, told by the live stream; several changes at once are read once. For the
 * queries refine does not make (the bell's, the dashboard's); refine's own lists take
 * `liveMode: "auto"`.
 */
export function useLiveRefresh(resources: readonly string[], queryKey: QueryKey, enabled = true) {
  const queryClient = useQueryClient();
  const channels = resources.map(channelOf).join(" ");
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    const subscriptions = channels
      .split(" ")
      .map((channel) => liveProvider.subscribe({ channel, types: ["*"], callback: refresh }));
    return () => {
      for (const subscription of subscriptions) liveProvider.unsubscribe(subscription);
    };
  }, [queryClient, channels, key, enabled]);
}
