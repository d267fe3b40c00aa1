/**
 * The words people write for a demographic value in the four languages the app speaks, as
 * data: each concept with its full words and its short forms. Words are written folded
 * (lower case, no accents); the matcher folds what it compares the same way.
 *
 * A short form (`m`, `w`, `j`) means something only once the category is known to be about
 * that topic, by its name or by a full word among its catalog values: `M` in a Size
 * category is medium, not male.
 */
export interface ValueConcept {
  concept: string;
  words: readonly string[];
  short: readonly string[];
}

export interface ValueTopic {
  topic: string;
  /** Words a category's name holds when it is about this topic. */
  categoryWords: readonly string[];
  concepts: readonly ValueConcept[];
}

export const VALUE_TOPICS: readonly ValueTopic[] = [
  {
    topic: 'gender',
    categoryWords: ['gender', 'sex', 'geschlecht', 'sexe', 'genre', 'sexo', 'genero', 'anrede'],
    concepts: [
      {
        concept: 'female',
        words: ['female', 'woman', 'women', 'weiblich', 'frau', 'frauen', 'femme', 'femmes', 'feminin', 'feminine', 'mujer', 'mujeres', 'femenino', 'femenina', 'girl', 'madchen', 'fille'],
        short: ['f', 'w', 'fem', 'weibl', 'wbl'],
      },
      {
        concept: 'male',
        words: ['male', 'man', 'men', 'mannlich', 'maennlich', 'mann', 'manner', 'homme', 'hommes', 'masculin', 'hombre', 'hombres', 'masculino', 'varon', 'boy', 'junge', 'garcon'],
        short: ['m', 'h', 'masc', 'mannl'],
      },
      {
        concept: 'diverse',
        words: ['diverse', 'divers', 'non-binary', 'nonbinary', 'non binary', 'non-binaire', 'non binaire', 'no binario', 'no binaria', 'nicht-binar', 'nichtbinar', 'genderqueer'],
        short: ['d', 'x', 'nb', 'enby'],
      },
    ],
  },
  {
    topic: 'yes-no',
    categoryWords: [],
    concepts: [
      { concept: 'yes', words: ['yes', 'ja', 'oui', 'si', 'true', 'wahr', 'vrai', 'verdadero'], short: ['y', 'j', 's'] },
      { concept: 'no', words: ['no', 'nein', 'non', 'false', 'falsch', 'faux', 'falso'], short: ['n'] },
    ],
  },
  {
    topic: 'answer',
    categoryWords: [],
    concepts: [
      {
        concept: 'other',
        words: ['other', 'others', 'andere', 'anderes', 'sonstige', 'sonstiges', 'autre', 'autres', 'otro', 'otra', 'otros'],
        short: [],
      },
      {
        concept: 'no answer',
        words: [
          'prefer not to say', 'no answer', 'not stated', 'not specified', 'unknown', 'keine angabe', 'k.a.', 'ka', 'unbekannt', 'ne se prononce pas', 'nsp', 'non precise', 'inconnu',
          'prefiero no decir', 'sin respuesta', 'no especificado', 'desconocido', 'ns/nc',
        ],
        short: [],
      },
    ],
  },
];
