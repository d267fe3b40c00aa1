import { IMPORT_FLAG_NAMES } from '../../core/contract/imports';

/** JSON schemas shared by the routes (Fastify validates with ajv; see http/errors.ts). */
/** A positive integer as it appears in a path or query string. */
export const idString = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idString },
} as const;

/** Path parameter `id` as a number (the schema has checked its digits). */
export function idOf(params: unknown): number {
  return Number((params as { id: string }).id);
}

/** A required positive-integer query parameter as a number. */
export function queryId(query: unknown, name: string): number {
  return Number((query as Record<string, string>)[name]);
}

export function queryWithId(name: string) {
  return { type: 'object', required: [name], properties: { [name]: idString } } as const;
}

const text = { type: ['string', 'number', 'null'] } as const;

export const participantSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    external_id: text,
    name: text,
    email: text,
    locale: text,
    note: text,
    demographics: {
      type: ['array', 'null'],
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['demographic_category_name', 'demographic_name'],
        properties: {
          demographic_category_name: { type: 'string', maxLength: 255 },
          demographic_name: { type: 'string', maxLength: 255 },
          exclusive: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export const flagProperties = Object.fromEntries(IMPORT_FLAG_NAMES.map((name) => [name, { type: 'boolean' }]));

export const MAX_PARTICIPANTS = 200_000;
