import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/process.js';
import { startS3 } from '../testing/s3.js';
import { S3Storage } from './s3-storage.js';

describe('S3 storage', () => {
  it('tries the bucket again after a failed first attempt, and creates a missing bucket', async () => {
    const port = await freePort();
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'made-on-demand',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    // Nothing listens yet: the store is down when the first request comes.
    await expect(storage.put('originals/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    const s3 = await startS3(port);
    try {
      await storage.put('originals/a.jpg', Buffer.from('hello'), 'image/jpeg');
      const stream = await storage.get('originals/a.jpg');
      expect(stream && (await text(stream))).toBe('hello');
    } finally {
      await s3.close();
    }
  });
});
