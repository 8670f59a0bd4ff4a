import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import { MAX_BACKUP_BYTES } from './backup.service';

const common = {
  tags: ['Backup'],
  security: [{ bearer: [] }],
  middleware: farmAccess('owner', { farmFromPath: true }),
};
const params = z.object({ farmId: z.coerce.number().int().positive() });

/** A table row as stored: snake_case columns of text, numbers or null. */
const rowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** The document's head; each key's rows are the tables' own (snake_case columns), see backup.service.ts. */
export const backupDocumentSchema = z
  .object({
    format: z.literal('ushicho-farm', { error: 'バックアップファイルの形式が正しくありません' }),
    version: z.number({ error: 'バックアップファイルの形式が正しくありません' }),
    exportedAt: z.string().optional(),
    farm: z.object({ name: z.string().optional() }).optional(),
    cattle: z.array(rowSchema),
    events: z.array(rowSchema),
  })
  .catchall(z.array(rowSchema));

export const backup = createRoute({
  ...common,
  method: 'get',
  path: '/{farmId}/backup',
  summary: "The farm's data as one JSON document (streamed), for its restore into an empty farm",
  request: { params },
  responses: {
    200: jsonContent(backupDocumentSchema, 'The backup document'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not the owner of this farm'),
  },
});

const MB = MAX_BACKUP_BYTES / 1024 / 1024;

/**
 * The body (the backup document, application/json) is read by the handler as a stream, a row at a time, so it is not
 * declared here: a declared JSON body is parsed whole before the handler runs.
 */
export const restore = createRoute({
  ...common,
  method: 'post',
  path: '/{farmId}/restore',
  summary: `Restore a backup (the document GET …/backup answers, up to ${MB} MB) into this farm, which must have no animals; checked whole first, written all or nothing; ids are new, references follow`,
  request: { params },
  responses: {
    200: jsonContent(z.object({ data: z.object({ counts: z.record(z.string(), z.number()) }) }), 'Restored'),
    400: errorResponse(
      'Not JSON, not this format and version, or rows the API refuses (issues name each row and field)',
    ),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not the owner of this farm'),
    409: errorResponse('The farm has animals, or a restore into it is running'),
    413: errorResponse(`More than ${MB} MB`),
  },
});
