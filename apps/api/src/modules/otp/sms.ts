/**
 * SMS delivery behind an adapter (issue 3 "Delivery … by SMS through an adapter"). The embedded default
 * writes each message to DATA_DIR/outbox/<time>-<random>.sms.txt and logs it; `SMS_PROVIDER=isms` sends
 * through iSMS, a Malaysian HTTP SMS gateway (ADR 0092; {@link smsSenderFor}).
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

/** Why a provider refused or could not take a message (the OTP request answers 422 `otp.sms_failed`). */
export class SmsSendError extends Error {}

/** Malaysian mobile numbers as iSMS expects them: digits only with the country code (`60…`). */
export function toMsisdn(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.startsWith('60')) return digits;
  if (digits.startsWith('0')) return `6${digits}`;
  return digits;
}

/**
 * iSMS (isms.com.my), a Malaysian bulk-SMS gateway, over its HTTP send API (ADR 0092): one GET to
 * `url` with `un`, `pwd`, `dstno` (60…), `msg`, `type=1` (plain text), `agreedterm=YES` and `sendid`;
 * the body starts with `2000` on success, else a negative error code. Timeout 10 s.
 * @throws SmsSendError on a refusal, an HTTP error or a timeout.
 */
export function ismsSmsSender(cfg: {
  url: string;
  username: string;
  password: string;
  senderId: string;
  timeoutMs?: number;
}): SmsSender {
  return {
    async send(msg) {
      const q = new URLSearchParams({
        un: cfg.username,
        pwd: cfg.password,
        dstno: toMsisdn(msg.to),
        msg: msg.text,
        type: '1',
        agreedterm: 'YES',
        sendid: cfg.senderId,
      });
      let body: string;
      try {
        const res = await fetch(`${cfg.url}?${q}`, { signal: AbortSignal.timeout(cfg.timeoutMs ?? 10_000) });
        body = (await res.text()).trim();
        if (!res.ok) throw new SmsSendError(`iSMS HTTP ${res.status}: ${body.slice(0, 200)}`);
      } catch (e) {
        if (e instanceof SmsSendError) throw e;
        throw new SmsSendError(`iSMS unreachable: ${(e as Error).message}`);
      }
      if (!body.startsWith('2000')) throw new SmsSendError(`iSMS refused: ${body.slice(0, 200)}`);
    },
  };
}

/** The SMS adapter the configuration selects (SMS_PROVIDER). */
export function smsSenderFor(
  env: {
    DATA_DIR: string;
    SMS_PROVIDER: 'outbox' | 'isms';
    SMS_ISMS_URL: string;
    SMS_ISMS_USERNAME?: string;
    SMS_ISMS_PASSWORD?: string;
    SMS_SENDER_ID: string;
  },
  log?: (msg: string) => void,
): SmsSender {
  if (env.SMS_PROVIDER === 'isms') {
    if (!env.SMS_ISMS_USERNAME || !env.SMS_ISMS_PASSWORD) {
      throw new Error('SMS_PROVIDER=isms needs SMS_ISMS_USERNAME and SMS_ISMS_PASSWORD');
    }
    return ismsSmsSender({
      url: env.SMS_ISMS_URL,
      username: env.SMS_ISMS_USERNAME,
      password: env.SMS_ISMS_PASSWORD,
      senderId: env.SMS_SENDER_ID,
    });
  }
  return outboxSmsSender(join(env.DATA_DIR, 'outbox'), log);
}
