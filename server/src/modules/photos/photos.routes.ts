import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { text, trimmedText, z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import {
  PHOTO_MESSAGES,
  photoEditRequest,
  photoIdParams,
  photoMeta,
  photoResponse,
  registrationLookup,
  UPLOAD_LIMITS,
  duplicatesQuery,
  duplicatesResponse,
  uploadResponse,
  type PhotoMeta,
} from '../../../../contract/photos.js';
import { userOf } from '../../http/auth.js';
import { AppError, badRequest, fieldIssues } from '../../shared/errors.js';
import type { PhotoFiles } from './photo-files.js';
import type { PhotosService } from './photos.service.js';
import type { UploadService } from './upload.service.js';
import { photos as policy } from '../../policies/index.js';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
  503: errorBody,
};

const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge, [{ path: ['file'], message: PHOTO_MESSAGES.tooLarge }]);

function parseMeta(raw: string): PhotoMeta {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(PHOTO_MESSAGES.missingMeta, [{ path: ['meta'], message: '图片信息不是有效的 JSON' }]);
  }
  const parsed = photoMeta.safeParse(json);
  if (!parsed.success) {
    const issues = fieldIssues(parsed.error.issues);
    throw badRequest(issues[0]!.message, issues);
  }
  return parsed.data;
}

export function photosRoutes(photos: PhotosService, uploads: UploadService, tmpDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // Streamed to disk: memory stays flat however large the part. 1 KB of slack for the limit
      // check below, so exactly 15 MB passes and one byte more does not.
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
    });
    const tags = ['photos'];
    const member = { level: policy.memberLevel };

    app.post(
      '/photos',
      {
        config: { ...member, publishes: true },
        schema: { tags, consumes: ['multipart/form-data'], response: { 201: uploadResponse, ...errors } },
      },
      async (req, reply) => {
        const user = userOf(req);
        if (!req.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传', [
            { path: ['file'], message: PHOTO_MESSAGES.missingFile },
          ]);
        }
        // Before a byte of the file is read: a member's third parallel upload waits for the others.
        const finished = uploads.begin(user.id);
        const tmpFile = path.join(tmpDir, `upload-${randomUUID()}.part`);
        let gotFile = false;
        let metaRaw: string | null = null;
        try {
          await fs.promises.mkdir(tmpDir, { recursive: true });
          try {
            for await (const part of req.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file' || gotFile) {
                  part.file.resume();
                  continue;
                }
                await pipeline(part.file, fs.createWriteStream(tmpFile));
                if (part.file.truncated) throw tooLarge();
                gotFile = true;
              } else if (part.fieldname === 'meta') {
                metaRaw = String(part.value);
              }
            }
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
            if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
              throw badRequest('上传内容有误：只能包含一个文件和图片信息');
            }
            // The multipart parser's own complaints (no boundary, a cut-off body, a bad part header)
            // are bad input; a file-system error while writing the part is not.
            if (err instanceof AppError || (err as { syscall?: string }).syscall) throw err;
            throw badRequest(PHOTO_MESSAGES.malformedUpload, [{ path: ['file'], message: PHOTO_MESSAGES.malformedUpload }]);
          }
          if (!gotFile) throw badRequest(PHOTO_MESSAGES.missingFile, [{ path: ['file'], message: PHOTO_MESSAGES.missingFile }]);
          if (metaRaw === null)
            throw badRequest(PHOTO_MESSAGES.missingMeta, [{ path: ['meta'], message: PHOTO_MESSAGES.missingMeta }]);
          const meta = parseMeta(metaRaw);
          const result = await uploads.upload(user, tmpFile, meta, req.ip);
          return reply.status(201).send(result);
        } finally {
          finished();
          await fs.promises.rm(tmpFile, { force: true });
        }
      },
    );

    app.get(
      '/photos/duplicates',
      { config: member, schema: { tags, querystring: duplicatesQuery, response: { 200: duplicatesResponse, ...errors } } },
      async (req) => {
        const user = userOf(req);
        const { phash, sha256 } = req.query;
        const [items, ownCopy] = await Promise.all([
          uploads.findDuplicates(user, phash, sha256),
          sha256 === undefined ? null : uploads.ownCopy(user, sha256),
        ]);
        return { items, ownCopy };
      },
    );

    app.get('/photos/:id', { schema: { tags, params: photoIdParams, response: { 200: photoResponse, ...errors } } }, (req) =>
      photos.open(req.params.id, req.user),
    );

    app.post(
      '/photos/:id/view',
      { schema: { tags, params: photoIdParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        // A rendered page's view, counted as the page's own read of the photo counted it before (issue 36).
        await photos.open(req.params.id, req.user);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/photos/:id',
      {
        config: member,
        schema: {
          tags,
          params: photoIdParams,
          body: photoEditRequest,
          response: { 200: z.object({ message: z.string(), photo: photoResponse }), ...errors },
        },
      },
      (req) => photos.edit(req.params.id, userOf(req), req.body),
    );

    app.delete(
      '/photos/:id',
      {
        config: member,
        schema: { tags, params: photoIdParams, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      (req) => photos.delete(req.params.id, userOf(req)),
    );

    app.post(
      '/photos/:id/withdraw',
      {
        config: member,
        schema: { tags, params: photoIdParams, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      (req) => photos.withdraw(req.params.id, userOf(req)),
    );

    app.get('/photos/:id/original', { schema: { tags, params: photoIdParams, produces: ['image/jpeg'] } }, async (req, reply) => {
      // Not level-gated: everyone but the owner and screeners gets the same 404 as for a missing photo.
      const stream = await photos.original(req.params.id, req.user);
      return reply.type('image/jpeg').header('Cache-Control', 'private, no-store').send(stream);
    });

    app.get(
      '/registrations/:registration',
      {
        schema: {
          tags,
          params: z.object({ registration: trimmedText(20).min(1) }),
          response: { 200: registrationLookup, ...errors },
        },
      },
      (req) => photos.lookupRegistration(req.params.registration),
    );
  };
}

/** Public renditions: content-hashed names, so they are cached for a year (PRODUCT.md §7). */
export function imageRoutes(files: PhotoFiles): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/img/:name', { schema: { hide: true, params: z.object({ name: text(80) }) } }, async (req, reply) => {
      const name = req.params.name;
      if (!/^[a-f0-9]{20}-\d{2,4}\.webp$/.test(name)) return reply.status(404).send({ message: '图片不存在', code: 'NOT_FOUND' });
      // The name holds the content's hash, so it is the ETag too; a deleted photo's renditions still 404.
      const etag = `"${name.slice(0, -5)}"`;
      const stream = await files.rendition(name);
      if (!stream) return reply.status(404).send({ message: '图片不存在', code: 'NOT_FOUND' });
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
      if (req.headers['if-none-match'] === etag) {
        stream.destroy();
        return reply.status(304).send();
      }
      return reply.type('image/webp').send(stream);
    });
  };
}
