import type { FindingsMessages } from '../en/findings';

const findings: FindingsMessages = {
  findings: {
    title: "Problèmes et avertissements",
    none: "Plus aucun problème ni avertissement.",
    groupsLabel: "Problèmes et avertissements par type",
    rowsLabel: "Lignes avec problèmes ou avertissements",
    showAll: "Afficher toutes les lignes",
    filtered: "La grille n’affiche que : {group}",
    problem: "Problème",
    warning: "Avertissement",
    groups: {
      name_missing: "1 nom manquant | {n} noms manquants",
      name_too_long: "1 nom trop long | {n} noms trop longs",
      email_missing: "1 e-mail manquant | {n} e-mails manquants",
      email_invalid: "1 adresse e-mail non valide | {n} adresses e-mail non valides",
      locale_unknown: "1 langue inconnue | {n} langues inconnues",
      external_id_too_long: "1 ID externe trop long | {n} ID externes trop longs",
      note_too_long: "1 note trop longue | {n} notes trop longues",
      demographics_invalid: "1 ligne aux données démographiques non valides | {n} lignes aux données démographiques non valides",
      shares_email: "1 e-mail partagé par deux personnes | {n} e-mails partagés par deux personnes",
      shares_email_participant: "1 e-mail partagé avec un participant | {n} e-mails partagés avec des participants",
      email_of_several_participants: "1 e-mail partagé par plusieurs participants | {n} e-mails partagés par plusieurs participants",
      repeats: "1 ligne répétée | {n} lignes répétées",
      looks_like_formula: "{column} : 1 cellule ressemble à une formule | {column} : {n} cellules ressemblent à une formule",
      looks_like_html: "{column} : 1 cellule ressemble à du HTML | {column} : {n} cellules ressemblent à du HTML",
      email_invisible: "1 e-mail avec un caractère invisible | {n} e-mails avec un caractère invisible",
      locale_blank: "1 langue vide (en_US supposée) | {n} langues vides (en_US supposée)",
      locale_hint: "1 langue proche d’une langue connue | {n} langues proches d’une langue connue",
      id_scientific: "1 ID externe en notation scientifique | {n} ID externes en notation scientifique",
      id_cut_digits: "1 ID externe tronqué à 15 chiffres | {n} ID externes tronqués à 15 chiffres",
      demographic_unknown: "1 ligne avec une valeur absente du catalogue | {n} lignes avec une valeur absente du catalogue",
      category_unknown: "1 ligne avec une catégorie absente du catalogue | {n} lignes avec une catégorie absente du catalogue",
      email_spaces: "1 e-mail avait des espaces autour | {n} e-mails avaient des espaces autour",
      email_fallback: "1 e-mail pris dans la seconde colonne d’e-mail | {n} e-mails pris dans la seconde colonne d’e-mail",
      last_name_joined: "1 nom de famille assemblé de plusieurs colonnes | {n} noms de famille assemblés de plusieurs colonnes",
    },
    localeEditor: "Langue, tapez pour filtrer les langues du service",
    valueEditor: "{category}, tapez pour filtrer les valeurs du catalogue",
  },
};

export default findings;
