import { buildCatalog } from '../../src/core/participants/catalog';
import { parseParticipants } from '../../src/core/participants/parser';
import { generateParticipants } from './data';
import { now, seconds, type Benchmark } from './harness';

const COUNT = 200_000;

/** The shared parser's throughput, against copying the same participants field by field. */
export function parserBenchmark(): Benchmark {
  const participants = generateParticipants(COUNT);
  const catalog = buildCatalog([
    { id: 1, name: 'Gender', exclusive: true, demographics: ['Female', 'Male', 'Non-binary'].map((name, i) => ({ id: 10 + i, name })) },
    { id: 2, name: 'Age Group', exclusive: true, demographics: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'].map((name, i) => ({ id: 20 + i, name })) },
  ]);
  let sink = 0;
  return {
    name: 'parser',
    description: `parseParticipants over ${COUNT} participants with 2 demographics each (single thread)`,
    items: COUNT,
    unit: 'participants',
    floorName: 'copy each participant and its demographics into a new object',
    goal: { perSecond: 1_000_000 },
    runs: 5,
    figure: () => {
      const start = now();
      sink += parseParticipants(participants, { catalog }).length;
      return seconds(start);
    },
    floor: () => {
      const start = now();
      const out = new Array(participants.length);
      for (let i = 0; i < participants.length; i++) {
        const p = participants[i];
        out[i] = { ...p, demographics: p.demographics?.map((d) => ({ ...d })), row_number: i + 1 };
      }
      sink += out.length;
      return seconds(start);
    },
    teardown: () => {
      if (sink === 0) throw new Error('nothing was parsed');
    },
  };
}
