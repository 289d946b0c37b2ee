import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { AppError, badRequest } from '#server/errors.ts';
import {
  BACKUP_MESSAGES,
  BackupEntrySchema,
  BackupNameSchema,
  RESTORE_FIELD,
  RestoreResultSchema,
} from '#shared/contracts/backups.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';

/** The largest archive a restore accepts by upload (a shop with many pictures). */
const RESTORE_MAX_BYTES = 4 * 1024 ** 3;

/**
 * `/admin/settings/backup(s)` and `/admin/settings/restore` (docs/product.md#backups), inside the
 * admin scope (staff token checked before any byte of a body is read). Every action is audited.
 */
export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: RESTORE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const backups = app.backups;
  const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

  app.post(
    '/settings/backup',
    {
      schema: {
        tags: ['admin'],
        summary: 'Back up the whole shop now (database, uploads, manifest) into DATA_DIR/backups',
        response: { 201: dataEnvelope(BackupEntrySchema), 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const entry = await backups.create('manual', auditContextOf(request));
      reply.status(201);
      return { data: entry };
    },
  );

  app.get(
    '/settings/backups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Stored backups, newest first',
        response: { 200: dataEnvelope(z.array(BackupEntrySchema)) },
      },
    },
    async () => ({ data: await backups.list() }),
  );

  app.get(
    '/settings/backups/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Download a stored backup (a .tar.gz archive)',
        params: z.object({ name: BackupNameSchema }),
        response: {
          200: z.any().describe('the archive (application/gzip)'),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = await backups.pathOf(request.params.name);
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'backup.download',
        entityType: 'backup',
        entityId: request.params.name,
      });
      reply.header('content-type', 'application/gzip');
      reply.header('content-disposition', `attachment; filename="${request.params.name}"`);
      return reply.send(createReadStream(file));
    },
  );

  app.delete(
    '/settings/backups/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a stored backup',
        params: z.object({ name: BackupNameSchema }),
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await backups.remove(request.params.name, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/settings/backups/:name/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Restore a stored backup (a backup of the shop as it is now is taken first)',
        params: z.object({ name: BackupNameSchema }),
        response: { 200: dataEnvelope(RestoreResultSchema), ...errors },
      },
    },
    async (request) => {
      const file = await backups.pathOf(request.params.name);
      return { data: await backups.restore(file, auditContextOf(request)) };
    },
  );

  app.post(
    '/settings/restore',
    {
      schema: {
        tags: ['admin'],
        summary: `Restore from an uploaded backup (multipart, field "${RESTORE_FIELD}"); a backup of the shop as it is now is taken first`,
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(RestoreResultSchema), ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the backup as multipart/form-data');
      await mkdir(backups.dir, { recursive: true });
      const upload = path.join(backups.dir, `.upload-${randomUUID()}.tar.gz`);
      try {
        let received = false;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== RESTORE_FIELD || received) {
              part.file.resume();
              continue;
            }
            await pipeline(part.file, createWriteStream(upload));
            if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'This backup is too large to upload');
            received = true;
          }
        } catch (error) {
          const code = (error as { code?: string })?.code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'This backup is too large to upload');
          if (code?.startsWith('FST_')) throw badRequest(BACKUP_MESSAGES.noFile);
          throw error;
        }
        if (!received)
          throw badRequest(BACKUP_MESSAGES.noFile, [{ path: RESTORE_FIELD, message: BACKUP_MESSAGES.noFile }]);
        return { data: await backups.restore(upload, auditContextOf(request)) };
      } finally {
        await rm(upload, { force: true });
      }
    },
  );
};
