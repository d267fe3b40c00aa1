/**
 * The subject search body as a schema, built from the filters' descriptions
 * (core/contract/filter-params.ts) so the two never disagree; the compiler holds those
 * descriptions to `SubjectFilters`. No `default` keyword appears: the service's validator
 * would write defaults into the body.
 */
import Type from 'typebox';
import { FILTER_PARAMS, type FilterParam } from './filter-params';

/** Numbers beyond 2^53 cannot be told apart once parsed: refused (422), never changed. */
const SAFE = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function schemaOf(param: FilterParam): Type.TSchema {
  const bounds = { minimum: param.minimum ?? SAFE.minimum, maximum: param.maximum ?? SAFE.maximum };
  const described = { description: param.description };
  switch (param.type) {
    case 'integer':
      return Type.Integer({ ...bounds, ...described });
    case 'number':
      return Type.Number({ ...bounds, ...described });
    case 'boolean':
      return Type.Boolean(described);
    case 'string':
      if (param.values) return param.nullable ? Type.Union([Type.Enum(param.values), Type.Null()], described) : Type.Enum(param.values, described);
      return Type.String({ maxLength: param.max_length ?? 200, ...described });
    case 'date':
    case 'date_or_timestamp':
      return Type.String({ maxLength: 40, ...described });
    case 'integer[]':
      return Type.Array(Type.Integer({ minimum: 1, maximum: SAFE.maximum }), { maxItems: param.max_items ?? 1000, ...described });
    case 'string[]':
      return Type.Array(param.values ? Type.Enum(param.values) : Type.String({ maxLength: param.max_length ?? 200 }), { maxItems: param.max_items ?? 100, ...described });
  }
}

export const SubjectFiltersSchema = Type.Object(Object.fromEntries(FILTER_PARAMS.map((param) => [param.name, Type.Optional(schemaOf(param))])), {
  additionalProperties: false,
});
