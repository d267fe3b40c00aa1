/** Matching a list's demographic values to the event's catalog, each value once. */
const values = {
  values: {
    title: "Match values to the event’s catalog",
    intro: "The service matches a value only when the catalog has it (in any case); any other value becomes a new catalog value. Choose once per value; every row with it follows.",
    learned: "Catalog as this computer last learned it from the service, {when}.",
    unknown: "This computer has not learned the event’s catalog yet: it learns it from the service’s reading of a list sent to the event. Until then every value would be created.",
    notInCatalog: "“{category}” is not a category of the event: sending creates it with every value below.",
    catalogHas: "The catalog has: {values}",
    value: "Value in the list",
    rows: "Rows",
    match: "Becomes",
    why: "Why",
    undecided: "Not decided (sent as written)",
    create: "Leave to be created on the service",
    clear: "Clear it from these rows",
    known: "Already in the catalog: {values}",
    how: {
      spelling: "Other capitals, accents or spaces",
      range: "The same range, written differently",
      word: "The same word in another language or short",
      remembered: "Chosen before for this event",
      none: "No catalog value fits exactly: choose one",
    },
    createNote: "Left to be created: this creates a new catalog value on the service, and only with “{flag}” ticked when sending; without it the service leaves the value out.",
    apply: "Nothing to apply | Apply 1 choice (one undo step) | Apply {n} choices (one undo step)",
    applied: "Changed {rows}; {remembered} remembered for the next list of this event.",
    rowsChanged: "no rows | 1 row | {n} rows",
    choicesRemembered: "no choice | 1 choice | {n} choices",
    nothing: "This list has no demographic values.",
    selectLabel: "What “{value}” becomes in {category}",
  },
};

export type ValuesMessages = typeof values;
export default values;
