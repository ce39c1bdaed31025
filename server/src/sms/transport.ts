import { maskPhone } from '../../../contract/phones.js';
import { aliyunSms } from './aliyun.js';
import { tencentSms } from './tencent.js';

/** One verification code to one number (E.164): vendors send it through an approved template. */
export interface SmsMessage {
  to: string;
  code: string;
  minutes: number;
}

export interface SmsTransport {
  /** Resolves once the vendor took it; throws when it did not (the caller answers 503). */
  send(message: SmsMessage): Promise<void>;
}

export interface SmsConfig {
  provider: 'log' | 'aliyun' | 'tencent';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  template: string;
  /** Tencent's SmsSdkAppId. */
  appId: string;
  region: string;
  /** The vendor's address; the tests point it at a stand-in on loopback. */
  endpoint: string;
}

/** Where `log` writes: the app's logger once it exists (buildApp), the console before (the CLI). */
export class SmsLog {
  write: (entry: { to: string; text: string }) => void = (entry) => console.log(JSON.stringify({ msg: 'sms', ...entry }));
}

/** The text the `log` provider writes, as the vendors' templates would send it. */
export const smsText = (m: SmsMessage) => `【航迹 Contrail】验证码 ${m.code}，${m.minutes} 分钟内有效。如非本人操作，请忽略。`;

/**
 * `log` (the default): the message goes to the log with the number masked, as mail does without SMTP.
 * `aliyun` and `tencent`: their documented signed HTTP APIs (aliyun.ts, tencent.ts).
 */
export function createSmsTransport(config: SmsConfig, log: SmsLog): SmsTransport {
  if (config.provider === 'aliyun') return aliyunSms(config);
  if (config.provider === 'tencent') return tencentSms(config);
  return { send: async (m) => log.write({ to: maskPhone(m.to), text: smsText(m) }) };
}

/** A vendor's answer within 10 s, or an error. */
export async function vendorFetch(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  if (!res.ok) throw new Error(`SMS vendor answered ${res.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as unknown;
}
