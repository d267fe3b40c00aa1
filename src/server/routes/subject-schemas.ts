import { FILTER_PARAMS, type FilterParam } from '../../core/subjects/filter-params';
import { HOUSEHOLD_FIELDS } from '../../core/subjects/households';
import { SUBJECT_TEXT_FIELDS, SUBJECT_TIMESTAMP_FIELDS } from '../../core/subjects/input';

/* Request schemas of the subject operations. Types are checked here (422 naming the field);
 * formats, lengths and rules that need the database are checked by core and the routes.
 * No `default` keyword appears: Fastify's ajv would write defaults into the body. */

const text = { type: ['string', 'null'] } as const;
const idList = { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } } as const;

export const subjectBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(SUBJECT_TEXT_FIELDS.map((field) => [field, text])),
    ...Object.fromEntries(SUBJECT_TIMESTAMP_FIELDS.map((field) => [field, text])),
    // The interface's sample writes the birth date as eight digits; a client may send them as a number.
    date_of_birth: { type: ['string', 'integer', 'null'] },
    contact_exclusion_until_date: { type: ['string', 'integer', 'null'] },
    cid: { type: ['string', 'integer', 'null'] },
    head_of_household: { type: 'boolean' },
    has_account: { type: 'boolean' },
    demographic_ids: idList,
    location_ids: idList,
    household: {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'integer', minimum: 1 }, ...Object.fromEntries(HOUSEHOLD_FIELDS.map((field) => [field, text])) },
    },
    lock_version: { type: 'integer', minimum: 0 },
  },
} as const;

function schemaOf(param: FilterParam): Record<string, unknown> {
  const bounds = { ...(param.minimum !== undefined && { minimum: param.minimum }), ...(param.maximum !== undefined && { maximum: param.maximum }) };
  switch (param.type) {
    case 'integer':
    case 'number':
      return { type: param.type, ...bounds };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      if (param.values) return param.nullable ? { type: ['string', 'null'], enum: [...param.values, null] } : { type: 'string', enum: param.values };
      return { type: 'string', maxLength: param.max_length ?? 200 };
    case 'date':
    case 'date_or_timestamp':
      return { type: 'string', maxLength: 40 };
    case 'integer[]':
      return { type: 'array', maxItems: param.max_items ?? 1000, items: { type: 'integer', minimum: 1 } };
    case 'string[]':
      return {
        type: 'array',
        maxItems: param.max_items ?? 100,
        items: param.values ? { type: 'string', enum: param.values } : { type: 'string', maxLength: param.max_length ?? 200 },
      };
  }
}

/** The search body, built from the filter descriptions so the two never disagree. */
export const filtersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(FILTER_PARAMS.map((param) => [param.name, schemaOf(param)])),
} as const;
