import type { ValuesMessages } from '../en/values';

const values: ValuesMessages = {
  values: {
    title: "Werte dem Katalog des Termins zuordnen",
    intro: "Der Dienst erkennt einen Wert nur, wenn der Katalog ihn hat (Groß- und Kleinschreibung egal); jeder andere Wert wird ein neuer Katalogwert. Einmal pro Wert wählen; alle Zeilen mit ihm folgen.",
    learned: "Katalog, wie dieser Computer ihn zuletzt vom Dienst gelernt hat, {when}.",
    unknown: "Dieser Computer kennt den Katalog des Termins noch nicht: Er lernt ihn aus der Lesart des Dienstes, wenn eine Liste an den Termin gesendet wird. Bis dahin würde jeder Wert angelegt.",
    notInCatalog: "„{category}“ ist keine Kategorie des Termins: Das Senden legt sie mit allen Werten unten an.",
    catalogHas: "Der Katalog hat: {values}",
    value: "Wert in der Liste",
    rows: "Zeilen",
    match: "Wird zu",
    why: "Warum",
    undecided: "Nicht entschieden (wie geschrieben gesendet)",
    create: "Auf dem Dienst anlegen lassen",
    clear: "Aus diesen Zeilen entfernen",
    known: "Schon im Katalog: {values}",
    how: {
      spelling: "Andere Groß-/Kleinschreibung, Akzente oder Leerzeichen",
      range: "Derselbe Bereich, anders geschrieben",
      word: "Dasselbe Wort in einer anderen Sprache oder abgekürzt",
      remembered: "Für diesen Termin schon einmal gewählt",
      none: "Kein Katalogwert passt genau: bitte wählen",
    },
    createNote: "Anlegen lassen: Das erzeugt einen neuen Katalogwert auf dem Dienst, und nur, wenn beim Senden „{flag}“ angekreuzt ist; sonst lässt der Dienst den Wert weg.",
    apply: "Nichts anzuwenden | 1 Wahl anwenden (ein Rückgängig-Schritt) | {n} Wahlen anwenden (ein Rückgängig-Schritt)",
    applied: "{rows} geändert; {remembered} für die nächste Liste dieses Termins gemerkt.",
    rowsChanged: "keine Zeilen | 1 Zeile | {n} Zeilen",
    choicesRemembered: "keine Wahl | 1 Wahl | {n} Wahlen",
    nothing: "Diese Liste hat keine demografischen Werte.",
    selectLabel: "Wozu „{value}“ in {category} wird",
  },
};

export default values;
