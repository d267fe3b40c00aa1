import Type, { type Static } from 'typebox';

/**
 * A value or null. A primitive is written `{"type": ["integer", "null"]}` rather than an
 * `anyOf`: the service's serializer handles a type list directly, but must validate every
 * value of an `anyOf` to pick its branch, which made the parse of a 50,000-row import slow
 * to send. Objects and unions keep the `anyOf`.
 */
export function Nullable<T extends Type.TSchema>(schema: T): Type.TUnsafe<Static<T> | null> | Type.TUnion<[T, Type.TNull]> {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
}
