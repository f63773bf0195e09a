// Demo blog and news posts (Spanish and English), published on fixed dates so the seed is deterministic.
export interface DemoPost {
  title: string;
  summary: string;
  body: string;
  typepost: 'blog' | 'insight' | 'news';
  categories: string[];
  language: 'es' | 'en';
  author: string;
  publishedAt: string;
}

export function demoPosts(): DemoPost[] {
  return [
    {
      title: 'Cómo leer una mediana salarial sin engañarse',
      summary: 'La media se deja arrastrar por unos pocos sueldos muy altos; la mediana y los percentiles cuentan la historia real.',
      body: [
        'Cuando comparamos retribuciones de directivos, unos pocos paquetes muy altos pueden mover la media varios miles de euros.',
        '',
        'Por eso Paybench muestra siempre la **mediana** (el valor que deja a la mitad del grupo por encima y a la otra mitad por debajo) junto con los percentiles 25 y 75, que delimitan el 50 % central del grupo.',
        '',
        'Cada cifra va acompañada del número de personas en que se basa y, en el caso de la mediana, de su intervalo de confianza del 95 %. Si el intervalo es amplio, el grupo es pequeño o muy disperso: conviene ampliar los filtros.',
      ].join('\n'),
      typepost: 'blog',
      categories: ['methodology', 'statistics'],
      language: 'es',
      author: 'Equipo Paybench',
      publishedAt: '2026-03-10T09:00:00Z',
    },
    {
      title: 'Reading a pay median without fooling yourself',
      summary: 'A handful of very high packages drag the mean; the median and percentiles tell the real story.',
      body: [
        'When comparing executive pay, a few very large packages can move the mean by thousands.',
        '',
        'That is why Paybench always shows the **median** (half of the group earns more, half earns less) with the 25th and 75th percentiles, which bound the middle half of the group.',
        '',
        'Every figure carries the number of people behind it and, for the median, its 95 % confidence interval. A wide interval means a small or very dispersed group: widen the filters.',
      ].join('\n'),
      typepost: 'blog',
      categories: ['methodology', 'statistics'],
      language: 'en',
      author: 'Paybench team',
      publishedAt: '2026-03-10T09:00:00Z',
    },
    {
      title: 'Retribución diferida: qué cuenta y cómo se valora',
      summary: 'Planes de acciones, incentivos a largo plazo y bonus diferidos: cómo declararlos para comparar de forma justa.',
      body: [
        'En el quinto paso del cuestionario pedimos el valor anual de la retribución diferida o de los incentivos a largo plazo concedidos.',
        '',
        '- **Acciones o unidades restringidas**: el valor en la fecha de concesión, repartido por los años del plan.',
        '- **Opciones**: el valor razonable que figura en la carta de concesión.',
        '- **Bonus diferido en efectivo**: el importe concedido en el año, aunque se pague más tarde.',
        '',
        'Así comparamos la retribución total con y sin diferido de forma homogénea.',
      ].join('\n'),
      typepost: 'blog',
      categories: ['deferred-compensation', 'methodology'],
      language: 'es',
      author: 'Equipo Paybench',
      publishedAt: '2026-05-21T09:00:00Z',
    },
    {
      title: 'Deferred compensation: what counts and how to value it',
      summary: 'Share plans, long-term incentives and deferred bonuses: how to report them so comparisons are fair.',
      body: [
        'Step five of the questionnaire asks for the annual value of deferred pay or long-term incentives granted.',
        '',
        '- **Restricted shares or units**: the grant-date value, spread over the years of the plan.',
        '- **Options**: the fair value stated in the grant letter.',
        '- **Deferred cash bonus**: the amount granted in the year, even if it is paid later.',
        '',
        'That way total pay with and without deferral is compared on the same basis.',
      ].join('\n'),
      typepost: 'blog',
      categories: ['deferred-compensation', 'methodology'],
      language: 'en',
      author: 'Paybench team',
      publishedAt: '2026-05-21T09:00:00Z',
    },
    {
      title: 'Abrimos la encuesta de retribución 2026',
      summary: 'Ya puede actualizar sus datos de este año en dos minutos copiando el formulario del año pasado.',
      body: 'La encuesta 2026 ya está abierta. Si respondió el año pasado, use «Actualizar para este año» en Mi formulario: copiamos sus respuestas y solo tiene que revisar las cifras que han cambiado.',
      typepost: 'news',
      categories: ['survey'],
      language: 'es',
      author: 'Equipo Paybench',
      publishedAt: '2026-01-15T09:00:00Z',
    },
    {
      title: 'The 2026 pay survey is open',
      summary: 'Update this year’s figures in two minutes by copying last year’s form.',
      body: 'The 2026 survey is open. If you answered last year, use “Update for this year” in My form: we copy your answers and you only review the figures that changed.',
      typepost: 'news',
      categories: ['survey'],
      language: 'en',
      author: 'Paybench team',
      publishedAt: '2026-01-15T09:00:00Z',
    },
    {
      title: 'Por qué el bonus pesa más en unos sectores que en otros',
      summary: 'La parte variable de la retribución directiva cambia mucho entre sectores: qué mirar antes de comparar.',
      body: [
        'En los sectores con resultados muy cíclicos el bonus anual suele ser una parte mayor de la retribución total; en los regulados, menor.',
        '',
        '## Qué comparar',
        '',
        '1. La **retribución fija** con personas de su mismo sector y nivel.',
        '2. El **bonus** como porcentaje del fijo, no solo en euros.',
        '3. La **retribución total** con y sin diferido.',
        '',
        'Las cifras de Paybench nunca se publican para grupos de menos de cinco personas.',
      ].join('\n'),
      typepost: 'insight',
      categories: ['bonus', 'sectors'],
      language: 'es',
      author: 'Equipo Paybench',
      publishedAt: '2026-06-02T09:00:00Z',
    },
    {
      title: 'Why bonuses weigh more in some sectors than in others',
      summary: 'The variable share of executive pay differs widely between sectors: what to look at before comparing.',
      body: [
        'In sectors with very cyclical results the annual bonus tends to be a larger share of total pay; in regulated ones, a smaller share.',
        '',
        '## What to compare',
        '',
        '1. **Fixed salary** with people of your sector and level.',
        '2. The **bonus** as a percentage of fixed pay, not only in money.',
        '3. **Total pay** with and without deferral.',
        '',
        'Paybench never publishes figures for groups of fewer than five people.',
      ].join('\n'),
      typepost: 'insight',
      categories: ['bonus', 'sectors'],
      language: 'en',
      author: 'Paybench team',
      publishedAt: '2026-06-02T09:00:00Z',
    },
  ];
}
