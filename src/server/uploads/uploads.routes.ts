import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  UPLOAD_FIELD,
  UPLOAD_FIELDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
  type UploadedImage,
  UploadIdSchema,
  UploadResponseSchema,
} from '#shared/contracts/uploads.ts';
import { auditUploads, deleteImage, removeFiles, storeImage, unsupportedMediaType } from './uploads.service.ts';

/** 413 naming the field the oversized file came in. */
function fileTooLarge(field: string | undefined): AppError {
  const message = UPLOAD_MESSAGES.tooLarge;
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field ?? UPLOAD_FIELD, message }]);
}

/** @fastify/multipart's own errors, as the API's error bodies. */
function fromMultipartError(error: unknown): unknown {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return fileTooLarge((error as { part?: { fieldname?: string } }).part?.fieldname);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupportedMediaType();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Too many form fields');
  return error;
}

/** `POST /upload/images`, `DELETE /upload/images/{id}` (inside the staff scope). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only this route accepts multipart bodies, and the staff check
  // (onRequest) runs before a single byte of the body is parsed.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20 },
  });

  app.post(
    '/upload/images',
    {
      schema: {
        tags: ['uploads'],
        summary: `Upload images (multipart, field ${UPLOAD_FIELDS.map((field) => `"${field}"`).join(' or ')}, one or several; at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB each); each is re-encoded to WebP`,
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResponseSchema,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const uploadsDir = app.config.paths.uploads;
      const stored: { image: UploadedImage; files: string[] }[] = [];
      try {
        if (!request.isMultipart()) throw unsupportedMediaType();
        // In order, one at a time: a request either stores every file or none of them.
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (!UPLOAD_FIELDS.includes(part.fieldname)) {
            part.file.resume(); // drain it; only the upload fields are read
            continue;
          }
          const bytes = await part.toBuffer();
          // toBuffer looks at `truncated` only as each chunk arrives. When a network read ends
          // exactly at the limit, busboy marks the file truncated with no chunk left to deliver,
          // and toBuffer hands back the cut file as if whole (it then failed to decode: a 400).
          if (part.file.truncated) throw fileTooLarge(part.fieldname);
          if (bytes.length === 0) continue;
          stored.push(await storeImage(uploadsDir, bytes));
        }
        if (stored.length === 0)
          throw badRequest(UPLOAD_MESSAGES.noFile, [{ path: UPLOAD_FIELD, message: UPLOAD_MESSAGES.noFile }]);
      } catch (error) {
        await removeFiles(stored.flatMap((entry) => entry.files));
        throw fromMultipartError(error);
      }
      const images = stored.map((entry) => entry.image);
      await auditUploads(app.db, images, auditContextOf(request));
      reply.status(201);
      return { success: true as const, data: images.length === 1 ? (images[0] as UploadedImage) : images };
    },
  );

  app.delete(
    '/upload/images/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete an uploaded image (every width); refused while a product uses it',
        params: z.object({ id: UploadIdSchema }),
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteImage(app.db, app.config.paths.uploads, request.params.id, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );
};
