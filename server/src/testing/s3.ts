import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver answers a PUT before its file is even open (`writeStream.end(body)`, then the answer) and
 * listens for no error on that stream: a DELETE right after the answer (an upload refused once its
 * files are stored) can remove the directory first, and the late open then fails as an uncaught
 * exception in the test process. Real S3 has stored an object when it answers; so does this one.
 */
function storeBeforeAnswering(server: S3rver): void {
  const store = (server as unknown as { store: FilesystemStore }).store;
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, body);
    const md5 = createHash('md5').update(body).digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: body.length, md5 };
  };
}

/** An S3-compatible server on loopback for the storage tests (s3rver's fixed credentials). */
export async function startS3(port = 0): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: 'contrail' }] });
  storeBeforeAnswering(server);
  const { port: bound } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${bound}`,
      S3_BUCKET: 'contrail',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
