import type { FindingsMessages } from '../en/findings';

const findings: FindingsMessages = {
  findings: {
    title: "Probleme und Hinweise",
    none: "Keine Probleme oder Hinweise mehr.",
    groupsLabel: "Probleme und Hinweise nach Art",
    rowsLabel: "Zeilen mit Problemen oder Hinweisen",
    showAll: "Alle Zeilen zeigen",
    filtered: "Das Raster zeigt nur: {group}",
    problem: "Problem",
    warning: "Hinweis",
    groups: {
      name_missing: "1 Name fehlt | {n} Namen fehlen",
      name_too_long: "1 Name zu lang | {n} Namen zu lang",
      email_missing: "1 E-Mail fehlt | {n} E-Mails fehlen",
      email_invalid: "1 E-Mail-Adresse ungültig | {n} E-Mail-Adressen ungültig",
      locale_unknown: "1 unbekannte Sprache | {n} unbekannte Sprachen",
      external_id_too_long: "1 externe ID zu lang | {n} externe IDs zu lang",
      note_too_long: "1 Notiz zu lang | {n} Notizen zu lang",
      demographics_invalid: "1 Zeile mit ungültiger Demografie | {n} Zeilen mit ungültiger Demografie",
      shares_email: "1 E-Mail von zwei Personen geteilt | {n} E-Mails von zwei Personen geteilt",
      shares_email_participant: "1 E-Mail mit einem Teilnehmer geteilt | {n} E-Mails mit Teilnehmern geteilt",
      email_of_several_participants: "1 E-Mail, die mehrere Teilnehmende teilen | {n} E-Mails, die mehrere Teilnehmende teilen",
      repeats: "1 wiederholte Zeile | {n} wiederholte Zeilen",
      looks_like_formula: "{column}: 1 Zelle sieht wie eine Formel aus | {column}: {n} Zellen sehen wie eine Formel aus",
      looks_like_html: "{column}: 1 Zelle sieht wie HTML aus | {column}: {n} Zellen sehen wie HTML aus",
      email_invisible: "1 E-Mail mit unsichtbarem Zeichen | {n} E-Mails mit unsichtbarem Zeichen",
      locale_blank: "1 leere Sprache (en_US angenommen) | {n} leere Sprachen (en_US angenommen)",
      locale_hint: "1 Sprache nahe an einer bekannten | {n} Sprachen nahe an einer bekannten",
      id_scientific: "1 externe ID in wissenschaftlicher Schreibweise | {n} externe IDs in wissenschaftlicher Schreibweise",
      id_cut_digits: "1 externe ID auf 15 Stellen gekürzt | {n} externe IDs auf 15 Stellen gekürzt",
      demographic_unknown: "1 Zeile mit einem Wert, der nicht im Katalog des Termins ist | {n} Zeilen mit einem Wert, der nicht im Katalog des Termins ist",
      category_unknown: "1 Zeile mit einer Kategorie, die nicht im Katalog des Termins ist | {n} Zeilen mit einer Kategorie, die nicht im Katalog des Termins ist",
      email_spaces: "1 E-Mail hatte Leerzeichen am Rand | {n} E-Mails hatten Leerzeichen am Rand",
      email_fallback: "1 E-Mail aus der zweiten E-Mail-Spalte | {n} E-Mails aus der zweiten E-Mail-Spalte",
      last_name_joined: "1 Nachname aus Spalten zusammengesetzt | {n} Nachnamen aus Spalten zusammengesetzt",
    },
    localeEditor: "Sprache, tippen, um die Sprachen des Dienstes zu filtern",
    valueEditor: "{category}, tippen, um die Werte des Katalogs zu filtern",
  },
};

export default findings;
