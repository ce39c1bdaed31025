import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { aliyunSignature } from './aliyun.js';
import { tc3Authorization } from './tencent.js';
import { createSmsTransport, SmsLog, type SmsConfig } from './transport.js';

// The vendors' own published examples (their documentation's signature walk-throughs), then each adapter
// against a local HTTP server standing in for the vendor, which cannot be reached from here: it checks the
// request as the vendor documents it, signature included, and answers as the vendor does.

describe('SMS signatures against the vendors’ published examples', () => {
  it('signs as Alibaba Cloud’s SendSms example does', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs as Tencent Cloud’s TC3-HMAC-SHA256 example does', () => {
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });
});

type Handler = (req: http.IncomingMessage, body: string) => { status?: number; json: unknown };

describe('SMS adapters against stand-ins for the vendors', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
  });
  async function standIn(handler: Handler): Promise<string> {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { status = 200, json } = handler(req, body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const base: Omit<SmsConfig, 'provider' | 'endpoint'> = {
    accessKeyId: 'LTAI-test',
    accessKeySecret: 'secret-for-tests',
    signName: '航迹',
    template: 'SMS_123456',
    appId: '1400000000',
    region: '',
  };
  const message = { to: '+8613812341234', code: '482913', minutes: 5 };

  it('Alibaba Cloud: a GET with every documented parameter, signed; Code OK is sent, any other code refused', async () => {
    let answer = 'OK';
    const seen: Record<string, string>[] = [];
    const endpoint = await standIn((req) => {
      const url = new URL(req.url!, 'http://x');
      const params = Object.fromEntries(url.searchParams);
      seen.push(params);
      const { Signature, ...signed } = params;
      const valid =
        req.method === 'GET' &&
        url.pathname === '/' &&
        Signature === aliyunSignature(signed, 'secret-for-tests') &&
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '');
      if (!valid) return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'bad signature' } };
      return { json: { Code: answer, Message: answer === 'OK' ? 'OK' : '触发小时级流控', RequestId: 'r1', BizId: 'b1' } };
    });
    const sms = createSmsTransport({ ...base, provider: 'aliyun', endpoint }, new SmsLog());
    await sms.send(message);
    expect(seen[0]).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-test',
      PhoneNumbers: '13812341234',
      SignName: '航迹',
      TemplateCode: 'SMS_123456',
      TemplateParam: '{"code":"482913"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      RegionId: 'cn-hangzhou',
    });
    await sms.send({ ...message, to: '+85291234567' });
    expect(seen[1]!.PhoneNumbers).toBe('85291234567');
    answer = 'isv.BUSINESS_LIMIT_CONTROL';
    await expect(sms.send(message)).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    // A wrong secret is refused by the stand-in as the vendor would.
    const wrong = createSmsTransport({ ...base, accessKeySecret: 'other', provider: 'aliyun', endpoint }, new SmsLog());
    await expect(wrong.send(message)).rejects.toThrow(/400/);
  });

  it('Tencent Cloud: a signed JSON POST with the action’s headers; SendStatusSet Ok is sent, an Error refused', async () => {
    let fail = false;
    const seen: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
    const endpoint = await standIn((req, body) => {
      seen.push({ headers: req.headers, body: JSON.parse(body) });
      const expected = tc3Authorization({
        secretId: 'LTAI-test',
        secretKey: 'secret-for-tests',
        service: 'sms',
        host: req.headers.host!,
        contentType: String(req.headers['content-type']),
        payload: body,
        timestamp: Number(req.headers['x-tc-timestamp']),
      });
      if (req.method !== 'POST' || req.headers.authorization !== expected) {
        return { json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: '签名错误' }, RequestId: 'r' } } };
      }
      if (fail)
        return {
          json: { Response: { Error: { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: '超出日限' }, RequestId: 'r' } },
        };
      return {
        json: {
          Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: '+8613812341234' }], RequestId: 'r' },
        },
      };
    });
    const sms = createSmsTransport({ ...base, provider: 'tencent', endpoint }, new SmsLog());
    await sms.send(message);
    expect(seen[0]!.headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(seen[0]!.body).toEqual({
      PhoneNumberSet: ['+8613812341234'],
      SmsSdkAppId: '1400000000',
      SignName: '航迹',
      TemplateId: 'SMS_123456',
      TemplateParamSet: ['482913', '5'],
    });
    fail = true;
    await expect(sms.send(message)).rejects.toThrow(/PhoneNumberDailyLimit/);
    const wrong = createSmsTransport({ ...base, accessKeySecret: 'other', provider: 'tencent', endpoint }, new SmsLog());
    await expect(wrong.send(message)).rejects.toThrow(/SignatureFailure/);
  });

  it('log: the message in the log, the number masked', async () => {
    const lines: { to: string; text: string }[] = [];
    const log = new SmsLog();
    log.write = (e) => lines.push(e);
    await createSmsTransport({ ...base, provider: 'log', endpoint: '' }, log).send(message);
    expect(lines).toEqual([{ to: '138****1234', text: expect.stringContaining('验证码 482913，5 分钟内有效') }]);
  });
});
