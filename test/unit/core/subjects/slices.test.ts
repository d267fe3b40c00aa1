import { describe, expect, it } from 'vitest';
import { SLICES, type Slice } from '../../../../src/core/contract/subjects';
import { inSlice } from '../../../../src/core/subjects/slices';

const standing = (rank: number | null, outcome: any, schedule: any) => ({ rank, outcome, schedule_status: schedule });
const slicesOf = (s: ReturnType<typeof standing> | null): Slice[] => SLICES.filter((slice) => inSlice(s, slice));

describe('inSlice', () => {
  it.each([
    ['ranked only', standing(1, null, null), ['rank']],
    ['scheduled after qualifying', standing(null, 'qualified_accepted', 'scheduled'), ['scheduled', 'qualified', 'contacted']],
    ['unscheduled after qualifying', standing(null, 'qualified_accepted', 'unscheduled'), ['qualified', 'unconfirmed', 'contacted']],
    ['alternate', standing(null, 'alternate', null), ['qualified', 'contacted']],
    ['schedule conflict', standing(null, 'schedule_conflict', null), ['qualified', 'contacted']],
    ['terminated', standing(null, 'terminated', null), ['terminated', 'contacted', 'ineligible']],
    ['terminated but ranked', standing(3, 'terminated', null), ['rank', 'terminated', 'contacted']],
    ['declined', standing(null, 'declined', null), ['contacted', 'ineligible']],
    ['contacted only', standing(null, 'contacted', null), ['contacted', 'ineligible']],
    ['contacted once scheduled', standing(null, 'contacted', 'unscheduled'), ['unconfirmed', 'contacted']],
  ] as const)('%s', (_name, s, expected) => {
    expect(slicesOf(s)).toEqual([...expected].sort((a, b) => SLICES.indexOf(a) - SLICES.indexOf(b)));
  });

  it('puts a subject without a standing in no slice', () => {
    expect(slicesOf(null)).toEqual([]);
  });
});
