/** A piece of SQL and the values of its `?` placeholders, in order. */
export type Fragment = readonly [sql: string, params: readonly unknown[]];

function placeholders(sql: string): number {
  return sql.split('?').length - 1;
}

/**
 * WHERE conditions joined by AND. Every value goes in as a parameter; SQL text only ever
 * comes from this module's callers' constants. A clause whose placeholders do not match
 * its values is a bug, caught here rather than as a silently shifted parameter.
 */
export class Conditions {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): void {
    if (placeholders(sql) !== params.length) throw new Error(`SQL clause has ${placeholders(sql)} placeholders for ${params.length} values: ${sql}`);
    this.clauses.push(`(${sql})`);
    this.params.push(...params);
  }

  addFragment([sql, params]: Fragment): void {
    this.add(sql, ...params);
  }

  sql(): string {
    return this.clauses.length === 0 ? '1' : this.clauses.join(' AND ');
  }
}

export function and(...fragments: Fragment[]): Fragment {
  return [fragments.map(([sql]) => `(${sql})`).join(' AND '), fragments.flatMap(([, params]) => params)];
}

/** Negation that is never NULL, because every fragment here is built to be true or false. */
export function not([sql, params]: Fragment): Fragment {
  return [`NOT (${sql})`, params];
}

/** Membership in a list passed as one JSON parameter, whatever its length. */
export function inList(expression: string, values: readonly unknown[]): Fragment {
  return [`${expression} IN (SELECT value FROM json_each(?))`, [JSON.stringify(values)]];
}
