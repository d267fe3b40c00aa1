/** The problems panel's groups and the rows' warnings. */
const findings = {
  findings: {
    title: "Problems and warnings",
    none: "No problems or warnings left.",
    groupsLabel: "Problems and warnings by kind",
    rowsLabel: "Rows with problems or warnings",
    showAll: "Show all rows",
    filtered: "The grid shows only: {group}",
    problem: "Problem",
    warning: "Warning",
    groups: {
      name_missing: "1 name missing | {n} names missing",
      name_too_long: "1 name too long | {n} names too long",
      email_missing: "1 e-mail missing | {n} e-mails missing",
      email_invalid: "1 e-mail address not valid | {n} e-mail addresses not valid",
      locale_unknown: "1 unknown locale | {n} unknown locales",
      external_id_too_long: "1 external ID too long | {n} external IDs too long",
      note_too_long: "1 note too long | {n} notes too long",
      demographics_invalid: "1 row with invalid demographics | {n} rows with invalid demographics",
      shares_email: "1 e-mail shared by two people | {n} e-mails shared by two people",
      shares_email_participant: "1 e-mail shared with a participant | {n} e-mails shared with participants",
      email_of_several_participants: "1 e-mail several participants share | {n} e-mails several participants share",
      repeats: "1 repeated row | {n} repeated rows",
      looks_like_formula: "{column}: 1 cell looks like a formula | {column}: {n} cells look like a formula",
      looks_like_html: "{column}: 1 cell looks like HTML | {column}: {n} cells look like HTML",
      email_invisible: "1 e-mail with an invisible character | {n} e-mails with an invisible character",
      locale_blank: "1 blank locale (en_US assumed) | {n} blank locales (en_US assumed)",
      locale_hint: "1 locale close to a known one | {n} locales close to a known one",
      id_scientific: "1 external ID in scientific notation | {n} external IDs in scientific notation",
      id_cut_digits: "1 external ID cut to 15 digits | {n} external IDs cut to 15 digits",
      demographic_unknown: "1 row with a value not in the event’s catalog | {n} rows with a value not in the event’s catalog",
      category_unknown: "1 row with a category not in the event’s catalog | {n} rows with a category not in the event’s catalog",
      email_spaces: "1 e-mail had surrounding spaces | {n} e-mails had surrounding spaces",
      email_fallback: "1 e-mail from the second e-mail column | {n} e-mails from the second e-mail column",
      last_name_joined: "1 last name joined from columns | {n} last names joined from columns",
    },
    localeEditor: "Locale, type to filter the service’s locales",
    valueEditor: "{category}, type to filter the catalog’s values",
  },
};

export type FindingsMessages = typeof findings;
export default findings;
