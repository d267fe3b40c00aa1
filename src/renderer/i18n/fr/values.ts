import type { ValuesMessages } from '../en/values';

const values: ValuesMessages = {
  values: {
    title: "Faire correspondre les valeurs au catalogue de l’événement",
    intro: "Le service ne reconnaît une valeur que si le catalogue l’a (majuscules ou non) ; toute autre valeur devient une nouvelle valeur du catalogue. Choisissez une fois par valeur ; toutes les lignes qui l’ont suivent.",
    learned: "Catalogue tel que cet ordinateur l’a appris du service, {when}.",
    unknown: "Cet ordinateur ne connaît pas encore le catalogue de l’événement : il l’apprend de la lecture du service quand une liste est envoyée à l’événement. D’ici là, chaque valeur serait créée.",
    notInCatalog: "« {category} » n’est pas une catégorie de l’événement : l’envoi la crée avec toutes les valeurs ci-dessous.",
    catalogHas: "Le catalogue a : {values}",
    value: "Valeur dans la liste",
    rows: "Lignes",
    match: "Devient",
    why: "Pourquoi",
    undecided: "Pas décidé (envoyé tel quel)",
    create: "Laisser le service la créer",
    clear: "L’effacer de ces lignes",
    known: "Déjà dans le catalogue : {values}",
    how: {
      spelling: "Autres majuscules, accents ou espaces",
      range: "La même tranche, écrite autrement",
      word: "Le même mot dans une autre langue ou en abrégé",
      remembered: "Déjà choisi pour cet événement",
      none: "Aucune valeur du catalogue ne correspond exactement : choisissez",
    },
    createNote: "Laisser créer : cela crée une nouvelle valeur du catalogue sur le service, et seulement si « {flag} » est coché à l’envoi ; sinon le service laisse la valeur de côté.",
    apply: "Rien à appliquer | Appliquer 1 choix (une seule annulation) | Appliquer {n} choix (une seule annulation)",
    applied: "{rows} modifiée(s) ; {remembered} retenu(s) pour la prochaine liste de cet événement.",
    rowsChanged: "aucune ligne | 1 ligne | {n} lignes",
    choicesRemembered: "aucun choix | 1 choix | {n} choix",
    nothing: "Cette liste n’a pas de valeurs démographiques.",
    selectLabel: "Ce que devient « {value} » dans {category}",
  },
};

export default values;
