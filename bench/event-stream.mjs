// Reading a server-sent-event stream (GET /api/live) in Node, for the live bench and its tests.

/**
 * Calls `onEvent({ id, event, data })` for each event of `response` (a `node:http` answer) that
 * carries data: its `id:`, `event:` (undefined for a plain message) and `data:` fields, as text.
 */
export function readEventStream(response, onEvent) {
  let buffer = "";
  response.setEncoding("utf8");
  response.on("data", (chunk) => {
    buffer += chunk;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const fields = new Map();
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
      }
      if (fields.has("data")) onEvent({ id: fields.get("id"), event: fields.get("event"), data: fields.get("data") });
    }
  });
}
