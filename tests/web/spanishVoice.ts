// The informal Spanish voice (tú), found by whole words with Unicode-aware boundaries, so "te" inside "parte" or
// "tu" inside "actual" is never a hit: the tú pronouns and possessives, verb forms only the tú voice has, and the
// tú imperatives that start a sentence. Shared by the locale test (tests/web/localeVoice.test.ts) and the browser
// test that reads whole pages (e2e/voice.spec.ts).

const words = (list: string) => list.trim().split(/\s+/);

/** Pronouns and possessives of the tú voice (usted says usted, le, se, su, sus, suyo). */
const INFORMAL_PRONOUNS = words('tú tu tus te ti contigo tuyo tuya tuyos tuyas vosotros vosotras vuestro vuestra vuestros vuestras os');

/** Verb forms only the tú voice has: present, past, subjunctive and imperatives carrying a pronoun. */
const INFORMAL_VERBS = words(`
  eres estás tienes puedes quieres sabes necesitas debes haces vas ves has das mantienes creces cobras prefieres
  recibes sigues vuelves conoces crees piensas llevas usas buscas cambias eliges escribes respondes introduces
  añades compartes entras accedes pulsas
  seas estés tengas puedas quieras sigas hagas vuelvas olvides dejes elijas completes cambies recibas
  diste hiciste tuviste quisiste pudiste fuiste elegiste respondiste escribiste pediste recibiste suscribiste
  creías tenías habías querías sabías podías
  haz hazte hazlo pon ponle di dime
  inténtalo desactívalo actívalo calcúlalo gestiónala revísalo ábrelo rellénalo cópialo cámbiala compruébalo
  escríbenos envíanos cuéntanos llámanos díselo respóndele regístrate suscríbete únete date asegúrate
  infórmate apúntate olvídate
`);

/**
 * Endings only a tú form has: future (-rás), gerund or infinitive with "te", imperfect (-abas), preterite (-aste).
 * No infinitive ends in -ier or -uer, so -ierte and -uerte (convierte, fuerte) are left out.
 */
const INFORMAL_ENDINGS = /^\p{L}+(?:rás|ándote|iéndote|yéndote|arte|[^iu]erte|irte|abas|aste)$/u;

/**
 * Words with one of those endings that are something else. Each one says why it is not the tú voice.
 */
const ENDING_EXCEPTIONS: Record<string, string> = {
  atrás: 'adverb ("back"), not a future tense',
  detrás: 'adverb ("behind"), not a future tense',
  parte: 'noun ("part"), not an infinitive + te',
  aparte: 'adverb ("apart")',
  comparte: 'third person ("the company shares its plan")',
  reparte: 'third person ("how pay is spread")',
  arte: 'noun ("art")',
  contraste: 'noun ("contrast"), not a preterite',
  gaste: 'usted subjunctive of gastar ("antes de que gaste")',
};

/**
 * tú imperatives that are also third-person verbs, so they count only where a sentence or a list item starts with
 * them. Words that start sentences as nouns or adjectives (compra, cuenta, prueba, marca, completa, activa) or
 * as a plain third person ("Sigue cargando") are not in the list.
 */
const INFORMAL_IMPERATIVES = words(`
  mira compara elige introduce descubre sube añade revisa rellena indica escribe comprueba vuelve calcula crea abre
  copia cambia elimina borra descarga lee consulta confirma guarda empieza comienza inicia entra accede pulsa
  selecciona usa pide solicita contacta ignora actualiza gestiona aprovecha conoce recuerda cancela quita amplía
  busca filtra mejora paga repite corrige responde deja olvida
`);

const sentenceStart = new RegExp(`(?:^|[.:;!?¿¡«"]\\s*|\\n\\s*(?:-\\s*)?)(${INFORMAL_IMPERATIVES.join('|')})(?![\\p{L}])`, 'giu');

/** The informal words of one Spanish text (empty when it speaks as usted). */
export function informalWords(text: string): string[] {
  const found: string[] = [];
  const withoutPlaceholders = text.replace(/{{\s*\w+\s*}}/g, '');
  for (const word of withoutPlaceholders.match(/\p{L}+/gu) ?? []) {
    const lower = word.toLowerCase();
    if (INFORMAL_PRONOUNS.includes(lower) || INFORMAL_VERBS.includes(lower)) found.push(word);
    else if (INFORMAL_ENDINGS.test(lower) && !(lower in ENDING_EXCEPTIONS)) found.push(word);
  }
  for (const match of withoutPlaceholders.matchAll(sentenceStart)) found.push(match[1]);
  return found;
}

/** Words that only Spanish has, for English texts: ñ ¿ ¡, and the commonest Spanish words no English text uses. */
export function spanishWords(text: string): string[] {
  return text.match(/[ñ¿¡]|(?<!\p{L})(?:de|del|el|la|los|las|que|su|sus|usted|para|con|por|una|mis|mi|sin|ver)(?!\p{L})/giu) ?? [];
}
