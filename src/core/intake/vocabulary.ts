/**
 * The words people put in header cells, in English, German, French and Spanish (with a few
 * Dutch, Italian and Portuguese ones), grouped by what the column holds.
 */
import type { SingleTarget } from './types';

export type ConceptKind = SingleTarget | 'demographic' | 'ignore';

export interface Concept {
  kind: ConceptKind;
  /** What the column holds, as a key of the catalogs' mapping.concepts ("email", "gender"). */
  label: string;
  phrases: readonly string[];
  /** Multiplies match scores: bare or loose words are weaker evidence. */
  weight: number;
  /**
   * A bare word that means the whole name alone but one part next to the other part:
   * "Nom" beside "Prénom" is the family name, "Nombre" beside "Apellidos" the given name.
   */
  namePart?: boolean;
}

/** A participant property is named by its target; anything else by its words without an article. */
const conceptKey = (kind: ConceptKind, words: string) =>
  kind === 'demographic' || kind === 'ignore' ? words.replace(/^(the|an?) /, '').replace(/[^a-z]+/g, '_') : kind;

const c = (kind: ConceptKind, words: string, phrases: string[], weight = 1, namePart = false): Concept =>
  ({ kind, label: conceptKey(kind, words), phrases, weight, namePart });

export const CONCEPTS: readonly Concept[] = [
  c('email', 'the e-mail', [
    'email', 'e mail', 'email address', 'e mail address', 'mail', 'mail address', 'emails', 'email id',
    'e mail adresse', 'email adresse', 'mailadresse', 'mail adresse', 'e post', 'elektronische post',
    'courriel', 'adresse e mail', 'adresse email', 'adresse mail', 'adresse courriel', 'adresse electronique', 'mel',
    'correo', 'correo electronico', 'correo e', 'direccion de correo', 'direccion de correo electronico',
    'direccion de email', 'direccion email', 'e mail adres', 'emailadres', 'indirizzo email', 'endereco de email',
  ]),
  c('first_name', 'the first name', [
    'first name', 'firstname', 'given name', 'given names', 'forename', 'forenames', 'christian name',
    'vorname', 'vornamen', 'rufname', 'prenom', 'prenoms', 'nombre de pila', 'primer nombre', 'nombres de pila',
    'voornaam', 'nome proprio', 'primeiro nome',
  ]),
  c('last_name', 'the last name', [
    'last name', 'lastname', 'surname', 'family name', 'second name', 'nachname', 'familienname', 'zuname',
    'nom de famille', 'nom de naissance', 'apellido', 'apellidos', 'primer apellido', 'achternaam', 'cognome',
    'sobrenome', 'ultimo nome',
  ]),
  c('name', 'the name', [
    'full name', 'fullname', 'complete name', 'participant name', 'display name', 'name and surname',
    'first and last name', 'vollstandiger name', 'voller name', 'vor und nachname', 'vorname nachname',
    'vorname und nachname', 'nachname vorname', 'name vorname', 'anzeigename', 'nom complet', 'nom et prenom',
    'prenom et nom', 'nom prenom', 'prenom nom', 'nombre completo', 'nombre y apellidos', 'nombre y apellido',
    'apellidos y nombre', 'nome completo', 'volledige naam',
  ]),
  c('name', 'the name', ['name', 'names', 'nom', 'noms', 'nombre', 'naam', 'nome'], 0.98, true),
  // Not a name part Muster can place: taking it for the name would lose first and last.
  c('ignore', 'a middle name', [
    'middle name', 'middle names', 'middle initial', 'zweiter vorname', 'weitere vornamen', 'deuxieme prenom',
    'second prenom', 'autres prenoms', 'segundo nombre', 'otros nombres',
  ]),
  c('external_id', 'the external ID', [
    'external id', 'externalid', 'external identifier', 'external reference', 'participant id', 'participant number',
    'participant no', 'participant code', 'panelist id', 'panel id', 'respondent id', 'member id', 'customer id',
    'customer number', 'user id', 'uid', 'subject id', 'tester id', 'reference', 'ref',
    'externe id', 'teilnehmer id', 'teilnehmernummer', 'teilnehmer nr', 'teilnehmer nummer', 'teilnehmercode',
    'proband id', 'probanden id', 'probandennummer', 'kundennummer', 'mitgliedsnummer', 'referenz', 'kennung',
    'id externe', 'identifiant', 'identifiant externe', 'identifiant participant', 'id participant',
    'numero participant', 'numero de participant', 'code participant', 'id externo',
    'kunden nr', 'kundennr', 'mitglieds nr', 'mitgliedsnr', 'mitglied nr', 'probanden nr', 'panel nr',
    'numero client', 'numero de client', 'no client', 'numero cliente', 'numero de cliente', 'no de cliente',
    'customer no', 'member no', 'member number', 'panelist no', 'identificador',
    'identificador externo', 'id participante', 'numero de participante', 'codigo de participante', 'referencia',
  ]),
  c('external_id', 'the external ID', ['id', 'ids', 'code', 'codigo'], 0.85),
  c('locale', 'the locale', [
    'locale', 'language', 'lang', 'preferred language', 'language code', 'locale code', 'mother tongue',
    'sprache', 'bevorzugte sprache', 'sprachcode', 'muttersprache', 'langue', 'langue preferee', 'code langue',
    'langue maternelle', 'idioma', 'idioma preferido', 'codigo de idioma', 'lengua', 'taal', 'lingua',
  ]),
  c('note', 'the note', [
    'note', 'notes', 'comment', 'comments', 'remark', 'remarks', 'memo', 'bemerkung', 'bemerkungen',
    'anmerkung', 'anmerkungen', 'notiz', 'notizen', 'kommentar', 'kommentare', 'hinweis', 'hinweise',
    'remarque', 'remarques', 'commentaire', 'commentaires', 'observations', 'nota', 'notas', 'comentario',
    'comentarios', 'observacion', 'observaciones', 'opmerking', 'opmerkingen',
  ]),
  c('demographic', 'gender', ['gender', 'sex', 'geschlecht', 'genre', 'sexe', 'sexo', 'genero', 'geslacht', 'sesso']),
  c('demographic', 'age group', [
    'age group', 'age groups', 'age range', 'age band', 'age bracket', 'age class', 'altersgruppe', 'altersklasse',
    'altersbereich', 'alterskategorie', 'tranche d age', 'tranche age', 'classe d age', 'groupe d age',
    'grupo de edad', 'rango de edad', 'grupo etario', 'franja de edad', 'leeftijdsgroep',
  ]),
  c('demographic', 'age', ['age', 'alter', 'edad', 'leeftijd', 'eta']),
  c('demographic', 'income', [
    'income', 'household income', 'net income', 'einkommen', 'haushaltseinkommen', 'nettoeinkommen', 'revenu',
    'revenus', 'revenu du foyer', 'ingresos', 'ingreso', 'ingresos del hogar', 'inkomen',
  ]),
  c('demographic', 'region', [
    'region', 'regions', 'state', 'province', 'county', 'area', 'bundesland', 'provinz', 'gebiet', 'departement',
    'comunidad autonoma', 'provincia', 'zona',
  ]),
  c('demographic', 'country', ['country', 'nationality', 'land', 'staat', 'nationalitat', 'pays', 'nationalite', 'pais', 'nacionalidad']),
  c('demographic', 'city', ['city', 'town', 'stadt', 'ort', 'wohnort', 'ville', 'ciudad', 'localidad', 'poblacion', 'municipio']),
  c('demographic', 'occupation', [
    'occupation', 'job', 'profession', 'employment', 'employment status', 'beruf', 'beschaftigung', 'erwerbsstatus',
    'taetigkeit', 'tatigkeit', 'emploi', 'metier', 'situation professionnelle', 'profesion', 'ocupacion', 'empleo',
    'situacion laboral',
  ]),
  c('demographic', 'education', [
    'education', 'education level', 'highest education', 'bildung', 'bildungsabschluss', 'schulabschluss',
    'bildungsstand', 'niveau d etudes', 'niveau d education', 'diplome', 'educacion', 'nivel de estudios',
    'nivel educativo', 'estudios',
  ]),
  c('demographic', 'household', [
    'household size', 'household', 'haushaltsgrosse', 'haushalt', 'personen im haushalt', 'taille du foyer',
    'taille du menage', 'foyer', 'menage', 'tamano del hogar', 'personas en el hogar', 'hogar',
  ]),
  c('demographic', 'marital status', ['marital status', 'familienstand', 'etat civil', 'situation familiale', 'estado civil']),
  c('demographic', 'children', ['children', 'kids', 'kinder', 'enfants', 'hijos', 'ninos', 'number of children', 'anzahl kinder']),
  c('demographic', 'group', [
    'segment', 'cohort', 'group', 'panel', 'quota', 'target group', 'kohorte', 'gruppe', 'quote', 'zielgruppe',
    'cohorte', 'groupe', 'groupe cible', 'grupo', 'cuota', 'grupo objetivo', 'session', 'sitzung', 'seance', 'sesion',
  ]),
  c('demographic', 'skin or hair type', [
    'skin type', 'hair type', 'hauttyp', 'haartyp', 'type de peau', 'type de cheveux', 'tipo de piel', 'tipo de cabello',
  ]),
  c('demographic', 'habits', [
    'smoker', 'raucher', 'fumeur', 'fumador', 'diet', 'ernahrung', 'ernahrungsweise', 'regime alimentaire', 'dieta',
    'usage frequency', 'nutzungshaufigkeit', 'frequence d utilisation', 'frecuencia de uso',
  ]),
  c('ignore', 'a phone number', [
    'phone', 'phone number', 'telephone', 'tel', 'mobile', 'mobile phone', 'cell phone', 'cell', 'telefon',
    'telefonnummer', 'handy', 'handynummer', 'mobilnummer', 'portable', 'numero de telephone', 'telefono',
    'movil', 'celular', 'numero de telefono',
  ], 0.9),
  c('ignore', 'an address', [
    'address', 'postal address', 'street', 'house number', 'zip', 'zip code', 'postcode', 'postal code', 'adresse',
    'anschrift', 'strasse', 'hausnummer', 'plz', 'postleitzahl', 'rue', 'code postal', 'direccion', 'calle',
    'codigo postal',
  ], 0.9),
  c('ignore', 'a date', [
    'date', 'datum', 'fecha', 'date of birth', 'birth date', 'birthday', 'dob', 'geburtsdatum', 'geburtstag',
    'date de naissance', 'fecha de nacimiento', 'timestamp', 'zeitstempel', 'created', 'created at', 'updated',
    'erstellt', 'registered', 'registriert', 'joined', 'time', 'zeit', 'heure', 'hora',
  ], 0.9),
  c('ignore', 'a running number', ['no', 'nr', 'number', 'nummer', 'numero', 'lfd nr', 'laufende nummer', 'row', 'zeile', 'ligne', 'fila', 'n', 'num'], 0.9),
  c('ignore', 'bookkeeping', [
    'status', 'consent', 'einwilligung', 'consentement', 'consentimiento', 'signature', 'unterschrift', 'password',
    'passwort', 'source', 'quelle', 'checked', 'erledigt', 'done',
  ], 0.9),
];

/** Words that decorate a header without changing what the column holds. */
export const NOISE_WORDS: ReadonlySet<string> = new Set([
  'optional', 'required', 'mandatory', 'pflicht', 'pflichtfeld', 'freiwillig', 'obligatoire', 'facultatif',
  'optionnel', 'obligatorio', 'opcional', 'the', 'der', 'die', 'das', 'le', 'la', 'les', 'el', 'los', 'las',
  'du', 'del', 'des', 'of', 'your', 'ihr', 'ihre', 'votre', 'su', 'tu', 'primary', 'main', 'haupt',
  'principal', 'principale', 'preferred', 'bevorzugte', 'bevorzugt',
]);

/** Words naming whose value it is: "Participant e-mail", "Teilnehmer Name", "Contact email". */
export const CONTEXT_WORDS: ReadonlySet<string> = new Set([
  'participant', 'participants', 'teilnehmer', 'teilnehmende', 'proband', 'probanden', 'participante',
  'participantes', 'respondent', 'tester', 'testperson', 'person', 'personne', 'persona', 'contact', 'kontakt',
  'contacto', 'candidat', 'kandidat', 'candidato', 'panelist', 'member', 'mitglied', 'membre', 'miembro',
]);
