/**
 * The words core's data is said in, shared by the page (vue-i18n includes them in its
 * catalogs) and `muster check` (@intlify/core-base): one source per language. English is
 * the schema; vue-i18n's message syntax ({name}, forms split by |).
 */
const shared = {
  mapping: {
    /** A header that matched a known word: how, with what it names. */
    how: {
      exact: "“{header}” is a word for {concept}.",
      spacing: "“{header}” is a way of writing “{phrase}”, {concept}.",
      decorated: "“{header}” names “{phrase}”, {concept}.",
      typo: "“{header}” looks like a misspelling of “{phrase}”, {concept}.",
      contained: "“{header}” contains “{phrase}”, {concept}.",
    },
    /** Said after `how` when the word alone is not the whole story. */
    outcomes: {
      bridged: "It is the event’s category “{category}”.",
      demographic: "It is a demographic category.",
      email_values: "But most of its values look like e-mail addresses.",
      not_property: "That is not a participant property.",
      few_emails: "But few of its values look like e-mail addresses.",
      few_locales: "But few of its values are locales such as en_US.",
    },
    reasons: {
      values_email: "Most of its values look like e-mail addresses.",
      values_locale: "Most of its values are locales such as en_US.",
      empty: "The column has neither a header nor values.",
      no_header: "The column has no header and its values match no participant property.",
      categorical: "{distinct} distinct values repeat across 1 row, like a demographic category. | {distinct} distinct values repeat across {rows} rows, like a demographic category.",
      no_match: "No participant property matches “{header}”.",
      category_exact: "“{header}” is the event’s category “{category}”.",
      category_like: "“{header}” looks like the event’s category “{category}”.",
      name_beside_first: "“{header}” beside a first-name column is the last name.",
      name_beside_last: "“{header}” beside a last-name column is the first name.",
      second_email: "A second e-mail column: read where column {column} (“{header}”) is blank.",
      surname_part: "Also the last name: joined after column {column} (“{header}”).",
      supplied_by: "Column {column} (“{header}”) already supplies {target}; this one is ignored.",
      chosen_instead: "Column {column} was chosen for {target} instead.",
      chosen: "Chosen by you.",
      remembered: "Confirmed earlier for these headers.",
    },
    /** What a column can hold, as the reasons name it. */
    concepts: {
      external_id: "the external ID",
      name: "the name",
      first_name: "the first name",
      last_name: "the last name",
      email: "the e-mail",
      locale: "the locale",
      note: "the note",
      age_group: "age group",
      age: "age",
      children: "children",
      city: "city",
      country: "country",
      education: "education",
      gender: "gender",
      group: "group",
      habits: "habits",
      household: "household",
      income: "income",
      marital_status: "marital status",
      occupation: "occupation",
      region: "region",
      skin_or_hair_type: "skin or hair type",
      date: "a date",
      middle_name: "a middle name",
      phone_number: "a phone number",
      running_number: "a running number",
      address: "an address",
      bookkeeping: "bookkeeping",
    },
  },
  /** A row's problems (core/intake/problems.ts). */
  problems: {
    name_missing: "The name is missing.",
    name_too_long: "The name is longer than {limit} characters.",
    email_missing: "The e-mail is missing.",
    email_invalid: "“{value}” is not a valid e-mail address.",
    locale_unknown: "“{value}” is not a locale the service knows (such as en_US or de_DE).",
    external_id_too_long: "The external ID is longer than {limit} characters.",
    note_too_long: "The note is longer than {limit} characters.",
    demographics_invalid: "A demographic is incomplete, or an exclusive category holds two different values.",
    shares_email: "Shares its e-mail with row {row}, who has another external ID: it is imported as a separate person, never merged.",
    shares_email_participant: "Shares its e-mail with a participant of the event, who has another external ID: it is imported as a separate person, never merged.",
    email_of_several_participants: "Its e-mail belongs to several participants of the event and nothing in the row says which one it is, so it is not imported: give it that person’s external ID or an e-mail of its own.",
    repeats: "Same external ID or e-mail as row {row}.",
  },
  /** What is said of a sheet as a whole (core/intake/check-sheet.ts). */
  sheetNotes: {
    sheet_empty: "The sheet “{sheet}” is empty.",
    no_header: "No row reads like a header, so every row is read as data and columns are mapped by their values; choose the header row if there is one.",
    nothing_mapped: "No column could be matched to a participant property; map the columns by hand.",
    csv_repaired: "A quote mark in the file does not close its cell, so each line was read on its own; check cells that contain quote marks or line breaks.",
    csv_single_column: "The first line has no comma and every other line has exactly one, followed by a space (“Last, First”), so each line was read as one cell; if the file has two columns, put a header on both.",
    catalog_unknown: "The catalog of event {event} is not known on this computer yet (push or pull once with a connection), so demographics were not checked against it.",
  },
};

export type SharedMessages = typeof shared;
export default shared;
