import type { ValuesMessages } from '../en/values';

const values: ValuesMessages = {
  values: {
    title: "Emparejar los valores con el catálogo del evento",
    intro: "El servicio reconoce un valor solo si el catálogo lo tiene (sin importar mayúsculas); cualquier otro valor se convierte en un valor nuevo del catálogo. Elija una vez por valor; todas las filas con él lo siguen.",
    learned: "Catálogo tal como este equipo lo aprendió del servicio, {when}.",
    unknown: "Este equipo aún no conoce el catálogo del evento: lo aprende de la lectura del servicio al enviar una lista al evento. Hasta entonces se crearía cada valor.",
    notInCatalog: "«{category}» no es una categoría del evento: el envío la crea con todos los valores de abajo.",
    catalogHas: "El catálogo tiene: {values}",
    value: "Valor en la lista",
    rows: "Filas",
    match: "Pasa a ser",
    why: "Por qué",
    undecided: "Sin decidir (se envía tal cual)",
    create: "Dejar que el servicio lo cree",
    clear: "Quitarlo de estas filas",
    known: "Ya en el catálogo: {values}",
    how: {
      spelling: "Otras mayúsculas, acentos o espacios",
      range: "El mismo rango, escrito de otro modo",
      word: "La misma palabra en otro idioma o abreviada",
      remembered: "Elegido antes para este evento",
      none: "Ningún valor del catálogo encaja exactamente: elija uno",
    },
    createNote: "Dejar que se cree: esto crea un valor nuevo en el catálogo del servicio, y solo con «{flag}» marcado al enviar; sin ello el servicio omite el valor.",
    apply: "Nada que aplicar | Aplicar 1 elección (un solo paso de deshacer) | Aplicar {n} elecciones (un solo paso de deshacer)",
    applied: "{rows} cambiada(s); {remembered} recordada(s) para la próxima lista de este evento.",
    rowsChanged: "ninguna fila | 1 fila | {n} filas",
    choicesRemembered: "ninguna elección | 1 elección | {n} elecciones",
    nothing: "Esta lista no tiene valores demográficos.",
    selectLabel: "En qué se convierte «{value}» en {category}",
  },
};

export default values;
