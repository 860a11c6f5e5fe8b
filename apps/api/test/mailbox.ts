import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text of a single-part message. */
  text: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The newest link to `path` (with a token) mailed to `to`, waiting for it to arrive. */
  linkTo: (to: string, path: string) => Promise<URL>;
  /** Refuses the next `times` mails to `to` (a full mailbox, say), or every one with Infinity. */
  refuse: (to: string, times: number) => void;
  close: () => Promise<void>;
}

/** The text of a single-part message, whichever transfer encoding nodemailer chose. */
export function textOf(raw: string): string {
  const [headers = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const content = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(content, "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = content
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return content;
}

/**
 * A real SMTP server on loopback that keeps what it receives: the product's mail is read where a
 * person would read it, in a mailbox, never from the product's own tables.
 */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address) ?? 0;
      if (left <= 0) return callback();
      refusals.set(address.address, left - 1);
      return callback(Object.assign(new Error("452 Mailbox full, try again later"), { responseCode: 452 }));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: textOf(raw) });
        callback();
      });
    },
  });
  // a sender killed mid-conversation (tests/long's SIGKILLs) resets its connection: not the mailbox's failure
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    linkTo: async (to, path) => {
      const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`);
      for (let attempt = 0; attempt < 100; attempt++) {
        const mail = [...received].reverse().find((m) => m.to.includes(to) && pattern.test(m.text));
        if (mail) return new URL(pattern.exec(mail.text)?.[0] ?? "");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail with a ${path} link reached ${to}`);
    },
    refuse: (to, times) => {
      refusals.set(to, times);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
