import type { AuthActionResponse } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "../providers/notification";
import { type LoginValues, signIn } from "../providers/sign-in";

interface LoginOptions<TValues> {
  mutationOptions?: {
    onSuccess?: (result: AuthActionResponse, values: TValues) => void;
    onError?: (error: Error) => void;
  };
}

/**
 * refine's `useLogin`, as far as the sign-in screen uses it, for /login rendered outside
 * <Refine> (the first page loads only what it needs, neither refine nor axios). The
 * auth provider's own sign-in (`signIn`, plain `fetch`), same callbacks: the screen's own
 * `onSuccess`/`onError` replace refine's defaults there as well.
 */
export function useLogin<TValues extends LoginValues>({ mutationOptions }: LoginOptions<TValues> = {}) {
  const [isPending, setPending] = useState(false);
  const callbacks = useRef(mutationOptions);
  useEffect(() => {
    callbacks.current = mutationOptions;
  });
  const mutate = useCallback((values: TValues) => {
    setPending(true);
    signIn(values).then(
      (result) => {
        setPending(false);
        callbacks.current?.onSuccess?.(result, values);
      },
      (error: Error) => {
        setPending(false);
        callbacks.current?.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending };
}

/** refine's `useNotification` outside <Refine>: the same provider refine is given. */
export function useNotification() {
  return notify;
}
