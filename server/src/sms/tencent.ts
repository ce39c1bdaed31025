import { createHash, createHmac } from 'node:crypto';
import type { SmsConfig, SmsTransport } from './transport.js';
import { vendorFetch } from './transport.js';

// Tencent Cloud SMS (API 3.0, version 2021-01-11), signed with TC3-HMAC-SHA256: a canonical request
// (method, path, query, the content-type and host headers, the body's SHA-256), its hash in the string
// to sign with the time and the scope (date/service/tc3_request), and a key derived from the secret by
// HMAC over the date, the service and `tc3_request`.

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export function tc3Authorization(r: Tc3Request): string {
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${r.contentType}\nhost:${r.host}\n`,
    'content-type;host',
    sha256(r.payload),
  ].join('\n');
  const scope = `${date}/${r.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(r.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

/** `SendSms` with the template's parameters: the code and its minutes. */
export function tencentSms(config: SmsConfig): SmsTransport {
  const endpoint = config.endpoint || 'https://sms.tencentcloudapi.com';
  const host = new URL(endpoint).host;
  return {
    send: async (m) => {
      const payload = JSON.stringify({
        PhoneNumberSet: [m.to],
        SmsSdkAppId: config.appId,
        SignName: config.signName,
        TemplateId: config.template,
        TemplateParamSet: [m.code, String(m.minutes)],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const authorization = tc3Authorization({
        secretId: config.accessKeyId,
        secretKey: config.accessKeySecret,
        service: 'sms',
        host,
        contentType: CONTENT_TYPE,
        payload,
        timestamp,
      });
      const answer = (await vendorFetch(`${endpoint}/`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': '2021-01-11',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': config.region || 'ap-guangzhou',
        },
        body: payload,
      })) as { Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] } };
      const error = answer.Response?.Error;
      if (error) throw new Error(`Tencent Cloud SMS refused: ${error.Code} ${error.Message}`);
      const status = answer.Response?.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new Error(`Tencent Cloud SMS refused: ${status?.Code ?? '?'} ${status?.Message ?? ''}`);
    },
  };
}
