import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig, SmsTransport } from './transport.js';
import { vendorFetch } from './transport.js';

// Alibaba Cloud SMS (dysmsapi, API version 2017-05-25), RPC style with signature version 1.0: the
// parameters sorted by name and percent-encoded (RFC 3986, `~` kept), `GET&%2F&` + the encoded query,
// HMAC-SHA1 keyed with the secret and `&`, in base64.

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature asks: `*` encoded, `~` kept. */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** `SendSms` with the template's `code` parameter; mainland numbers without +86, others as digits with their country code. */
export function aliyunSms(config: SmsConfig): SmsTransport {
  return {
    send: async (m) => {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: m.to.startsWith('+86') ? m.to.slice(3) : m.to.slice(1),
        RegionId: config.region || 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.template,
        TemplateParam: JSON.stringify({ code: m.code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const query = `Signature=${percentEncode(aliyunSignature(params, config.accessKeySecret))}&${aliyunCanonicalQuery(params)}`;
      const answer = (await vendorFetch(`${config.endpoint || 'https://dysmsapi.aliyuncs.com'}/?${query}`, {
        method: 'GET',
      })) as {
        Code?: string;
        Message?: string;
      };
      if (answer.Code !== 'OK') throw new Error(`Alibaba Cloud SMS refused: ${answer.Code ?? '?'} ${answer.Message ?? ''}`);
    },
  };
}
