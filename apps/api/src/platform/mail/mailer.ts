/**
 * Outgoing mail (issue 2 "Mail"): nodemailer over SMTP when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/outbox/<time>-<random>.eml and its first link is printed in the server log.
 * Tests send through a real in-process SMTP server (smtp-server), not a spy.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { bulkhead } from '../resilience/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe` of the will-review reminders (ADR 0175). */
  headers?: Record<string, string>;
  /** Files to attach (e.g. a receipt PDF; issue 7). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** Build the mailer from configuration. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (msg: string) => void;
  /** Milliseconds a message may take to hand over, waiting for a place included (default 15,000; ADR 0219). */
  timeoutMs?: number;
  /** Messages handed over at once (default 4; ADR 0219). */
  concurrency?: number;
}): Mailer {
  if (opts.smtpUrl) {
    const timeoutMs = opts.timeoutMs ?? 15_000;
    // nodemailer's own socket limits, inside the bulkhead's limit for the whole hand-over.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: Math.min(5000, timeoutMs),
      greetingTimeout: Math.min(5000, timeoutMs),
      socketTimeout: timeoutMs,
    } as never);
    const calls = bulkhead({ name: 'smtp', concurrency: opts.concurrency ?? 4, timeoutMs });
    return {
      async send(msg) {
        await calls.run(() => transport.sendMail({ from: opts.from, ...msg }));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = join(opts.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(msg.text)?.[0];
      opts.log(`mail to ${msg.to} written to ${file}${link ? ` — link: ${link}` : ''}`);
    },
  };
}
