import { describe, expect, it } from 'vitest';
import { checkSheet, unknownDemographics } from '../../../../src/core/intake';

const catalog = [
  { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }, { id: 13, name: 'Non-binary' }] },
  { id: 2, name: 'Age Group', exclusive: true, demographics: [{ id: 21, name: '25-34' }, { id: 22, name: '35-44' }] },
];

const sheet = {
  name: 'List',
  rows: [
    ['Name', 'E-mail', 'Gender', 'Age Group'],
    ['Ada', 'ada@example.com', 'female', '25-34'],
    ['Bea', 'bea@example.com', 'Weiblich', '30-40'],
  ],
};

describe('demographic values a known catalog lacks', () => {
  it('are named in the row’s warnings with the values the event knows', () => {
    const { participants } = checkSheet([sheet], { catalog });
    expect(participants[0].warnings).toEqual([]);
    expect(participants[1].warnings).toEqual([
      '“Weiblich” is not one of the event’s Gender values (it has “Female”, “Male”, “Non-binary”).',
      '“30-40” is not one of the event’s Age Group values (it has “25-34”, “35-44”).',
    ]);
    expect(unknownDemographics(participants)).toEqual(['Gender: Weiblich', 'Age Group: 30-40']);
  });

  it('are not warned about without a catalog: nothing is known to compare with', () => {
    expect(checkSheet([sheet]).participants[1].warnings).toEqual([]);
  });
});
