/**
 * SMS delivery behind an adapter (issue 3 "Delivery … by SMS through an adapter"). The embedded default
 * writes each message to DATA_DIR/outbox/<time>-<random>.sms.txt and logs it; a real HTTP SMS
 * provider implements the same interface behind configuration.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsMessage {
  to: string;
  text: string;
}
export interface SmsSender {
  send(msg: SmsMessage): Promise<void>;
}

/** The outbox/log adapter: one text file per message in `outboxDir`. */
export function outboxSmsSender(outboxDir: string, log: (msg: string) => void = () => {}): SmsSender {
  return {
    async send(msg) {
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.sms.txt`);
      await writeFile(file, `To: ${msg.to}\n\n${msg.text}\n`);
      log(`sms to ${msg.to} written to ${file}`);
    },
  };
}
