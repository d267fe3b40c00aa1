/**
 * Three-way merge of flat records (field → JSON-like value), the rule behind subject
 * conflicts: a field changed locally (local ≠ base) that also changed on the service
 * (remote ≠ base) to something else (local ≠ remote) is a conflict, never silently
 * overwritten either way. Every other field takes whichever side changed it.
 *
 * `sent` names fields whose local value was already sent to the service by the push that
 * answered `remote`: if the local value is still what was sent, the remote value wins
 * (the service may have normalised it); if the person changed it again since, the local
 * value stays (it is newer than anything the service has).
 */
export type Fields = Record<string, unknown>;

export interface MergeResult {
  merged: Fields;
  conflicts: string[];
  /** Fields where `merged` differs from `remote`: what still has to be pushed. */
  unpushed: string[];
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameValue(value, other[i]));
  }
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  return keysA.length === keysB.length && keysA.every((key) => sameValue((a as Fields)[key], (b as Fields)[key]));
}

export function threeWayMerge(base: Fields, local: Fields, remote: Fields, sent: Fields = {}): MergeResult {
  const merged: Fields = {};
  const conflicts: string[] = [];
  const unpushed: string[] = [];
  const keys = new Set([...Object.keys(base), ...Object.keys(local), ...Object.keys(remote)]);
  for (const key of keys) {
    const [b, l, r] = [base[key] ?? null, local[key] ?? null, remote[key] ?? null];
    let value: unknown;
    if (Object.prototype.hasOwnProperty.call(sent, key)) value = sameValue(l, sent[key] ?? null) ? r : l;
    else if (sameValue(l, b) || sameValue(l, r)) value = r;
    else if (sameValue(r, b)) value = l;
    else {
      conflicts.push(key);
      value = l;
    }
    merged[key] = value;
    if (!sameValue(value, r)) unpushed.push(key);
  }
  return { merged, conflicts, unpushed };
}

/** The fields whose local value differs from the base: what a PATCH has to send. */
export function changedFields(base: Fields, local: Fields): string[] {
  const keys = new Set([...Object.keys(base), ...Object.keys(local)]);
  return [...keys].filter((key) => !sameValue(base[key] ?? null, local[key] ?? null));
}
