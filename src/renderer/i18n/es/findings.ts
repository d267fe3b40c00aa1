import type { FindingsMessages } from '../en/findings';

const findings: FindingsMessages = {
  findings: {
    title: "Problemas y avisos",
    none: "No quedan problemas ni avisos.",
    groupsLabel: "Problemas y avisos por tipo",
    rowsLabel: "Filas con problemas o avisos",
    showAll: "Mostrar todas las filas",
    filtered: "La cuadrícula muestra solo: {group}",
    problem: "Problema",
    warning: "Aviso",
    groups: {
      name_missing: "1 nombre falta | {n} nombres faltan",
      name_too_long: "1 nombre demasiado largo | {n} nombres demasiado largos",
      email_missing: "1 correo falta | {n} correos faltan",
      email_invalid: "1 dirección de correo no válida | {n} direcciones de correo no válidas",
      locale_unknown: "1 idioma desconocido | {n} idiomas desconocidos",
      external_id_too_long: "1 ID externo demasiado largo | {n} ID externos demasiado largos",
      note_too_long: "1 nota demasiado larga | {n} notas demasiado largas",
      demographics_invalid: "1 fila con datos demográficos no válidos | {n} filas con datos demográficos no válidos",
      shares_email: "1 correo compartido por dos personas | {n} correos compartidos por dos personas",
      shares_email_participant: "1 correo compartido con un participante | {n} correos compartidos con participantes",
      email_of_several_participants: "1 correo que comparten varios participantes | {n} correos que comparten varios participantes",
      repeats: "1 fila repetida | {n} filas repetidas",
      looks_like_formula: "{column}: 1 celda parece una fórmula | {column}: {n} celdas parecen una fórmula",
      looks_like_html: "{column}: 1 celda parece HTML | {column}: {n} celdas parecen HTML",
      email_invisible: "1 correo con un carácter invisible | {n} correos con un carácter invisible",
      locale_blank: "1 idioma vacío (se supone en_US) | {n} idiomas vacíos (se supone en_US)",
      locale_hint: "1 idioma parecido a uno conocido | {n} idiomas parecidos a uno conocido",
      id_scientific: "1 ID externo en notación científica | {n} ID externos en notación científica",
      id_cut_digits: "1 ID externo recortado a 15 dígitos | {n} ID externos recortados a 15 dígitos",
      demographic_unknown: "1 fila con un valor fuera del catálogo | {n} filas con un valor fuera del catálogo",
      category_unknown: "1 fila con una categoría fuera del catálogo | {n} filas con una categoría fuera del catálogo",
      email_spaces: "1 correo tenía espacios alrededor | {n} correos tenían espacios alrededor",
      email_fallback: "1 correo tomado de la segunda columna de correo | {n} correos tomados de la segunda columna de correo",
      last_name_joined: "1 apellido unido de varias columnas | {n} apellidos unidos de varias columnas",
    },
    localeEditor: "Idioma, escriba para filtrar los idiomas del servicio",
    valueEditor: "{category}, escriba para filtrar los valores del catálogo",
  },
};

export default findings;
