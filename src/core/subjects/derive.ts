import { ageOn, isMinorOn } from './age';

/** The stored facts the derived fields of a subject record depend on. */
export interface ContactFacts {
  email: string | null;
  phone: string | null;
  mobile_phone: string | null;
  work_phone: string | null;
  opted_out_at: string | null;
  contact_exclusion_until_date: string | null;
  date_of_birth: string | null;
  consented_at: string | null;
}

export interface DerivedFields {
  age: number | null;
  is_minor: boolean;
  consented: boolean;
  can_email: boolean;
  can_call: boolean;
}

/** The exclusion date is the last day no one may contact the subject, so it counts itself. */
export function isContactExcludedOn(untilDate: string | null, today: string): boolean {
  return untilDate !== null && untilDate >= today;
}

/** Who may be reached today, and how: an address or number, no opt-out, no exclusion. */
export function deriveFields(facts: ContactFacts, today: string): DerivedFields {
  const reachable = facts.opted_out_at === null && !isContactExcludedOn(facts.contact_exclusion_until_date, today);
  return {
    age: facts.date_of_birth === null ? null : ageOn(facts.date_of_birth, today),
    is_minor: isMinorOn(facts.date_of_birth, today),
    consented: facts.consented_at !== null,
    can_email: reachable && facts.email !== null,
    can_call: reachable && (facts.phone !== null || facts.mobile_phone !== null || facts.work_phone !== null),
  };
}
