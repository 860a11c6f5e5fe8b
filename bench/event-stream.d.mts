import type { IncomingMessage } from "node:http";

/** Types of bench/event-stream.mjs for the tests that read the live stream. */
export interface StreamedEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export function readEventStream(response: IncomingMessage, onEvent: (event: StreamedEvent) => void): void;
