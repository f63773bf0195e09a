// The negotiation brief (docs/statistics-and-privacy.md, "The negotiation brief"): one PDF page for a pay
// negotiation, built from the caller's latest completed form and ONLY from what the app already publishes to that
// person — their peer group exactly as the personalised comparison publishes it (personalViews.ts
// peerAnswer: the same cascade, published figures and positions), the same group one position level up as
// the comparison of those filters publishes it (the privacy threshold and the rule against differencing applied),
// their own earlier questionnaires with the inflation rates (their own data), and the release's date. No raw value
// of another person is read here.
//
// A paid feature (src/domain/entitlements.ts `negotiationBrief`): refused with 403 PREMIUM_REQUIRED naming the
// cheapest plan that includes it, 403 FORBIDDEN for corporate accounts (a member service, docs/permissions-and-credits.md);
// never charged in credits, never saved in the search history.
import PDFDocument from 'pdfkit';
import type { AppContext } from '../context';
import type { Queryable } from '../db/open';
import { conflict } from '../http/errors';
import { serverTexts } from '../email/i18n';
import { requireFeature } from './entitlements';
import { latestCompletedForm, personalViews, type TargetForm } from './personalViews';
import { peerGroup, type ComparisonFilters } from './peerGroup';
import { currentExchangeRates } from './releases';
import { FORM_REQUIRED, requireSettingsCaller, statisticsEngine } from './statisticsEngine';
import type { Language } from '../../domain/constants';
import { NUMBER_LOCALE, formatCount } from '../../domain/language';
import { moneyDisplay, formatRate, formatRateDate, type MoneyDisplay } from '../../domain/money';
import { formatSignedPercent } from '../../domain/peerDistribution';
import { dateTimeFormat } from '../../domain/intlFormat';
import { deflator, ratesForCountry, type InflationRate } from '../../domain/inflation';
import { nextPositionLevel } from '../../domain/incomeProjection';
import type { Measure, PublishedStatistic } from '../../domain/statistics';

// ───────────── texts ─────────────

type Section = Record<string, unknown>;

// The brief's own texts, and the questionnaire's option labels and the filters' names to describe the group.
const briefText = serverTexts((all) => ({
  brief: all.brief,
  questionnaire: { options: all.questionnaire.options },
  comparison: { filters: { fields: (all.comparison.filters as Section).fields } },
}));

/** A text of the brief in a language (plain: the PDF draws it as it is). */
const textOf =
  (language: Language) =>
  (key: string, values: Record<string, string | number> = {}) =>
    briefText(language, key, values);

// ───────────── the figures ─────────────

/** What the brief says of the last raise: computed from the person's own completed forms and the inflation rates. */
export type RaiseFinding =
  | { kind: 'none' }
  | { kind: 'noInflation'; since: number }
  | { kind: 'unchanged'; since: number; amount: number; realChange: number }
  | { kind: 'raise'; year: number; before: number; after: number; nominal: number; real: number; since: number; realChange: number };

/** One completed form of the person: its year, currency and fixed salary (in that currency). */
export interface OwnPay {
  year: number;
  currency: string;
  fixedSalary: number;
}

/**
 * The last raise of the latest form's fixed salary: walking back over the person's forms of earlier years (the same
 * currency), the raise is the first year at the current amount after a different one. The change in real terms since
 * that year is the current amount in money of the latest year against the same amount then (inflation alone); the
 * raise itself in real terms is the new amount against the old one brought to the raise's year.
 */
export function lastRaise(history: readonly OwnPay[], rates: readonly InflationRate[]): RaiseFinding {
  const forms = [...history].sort((a, b) => a.year - b.year);
  const current = forms.at(-1);
  if (!current) return { kind: 'none' };
  let first = forms.length - 1;
  while (first > 0 && forms[first - 1].currency === current.currency && forms[first - 1].fixedSalary === current.fixedSalary) first--;
  const since = forms[first].year;
  const previous = first > 0 && forms[first - 1].currency === current.currency ? forms[first - 1] : null;
  if (!previous && since === current.year) return { kind: 'none' };
  const sinceFactor = deflator(rates, since, current.year);
  if (sinceFactor === null) return { kind: 'noInflation', since: previous ? previous.year : since };
  const realChange = (1 / sinceFactor - 1) * 100;
  if (!previous) return { kind: 'unchanged', since, amount: current.fixedSalary, realChange };
  const raiseFactor = deflator(rates, previous.year, since);
  if (raiseFactor === null) return { kind: 'noInflation', since: previous.year };
  return {
    kind: 'raise',
    year: since,
    before: previous.fixedSalary,
    after: current.fixedSalary,
    nominal: (current.fixedSalary / previous.fixedSalary - 1) * 100,
    real: (current.fixedSalary / (previous.fixedSalary * raiseFactor) - 1) * 100,
    since,
    realChange,
  };
}

/** The person's completed forms up to `year`: their own pay, never anyone else's. */
async function ownPayHistory(db: Queryable, userId: string, year: number): Promise<OwnPay[]> {
  const rows = await db.execute<{ survey_year: number; currency: string; fixed_salary: number }>(
    `select survey_year, currency, fixed_salary from forms
      where user_id = $1 and status = 'completed' and fixed_salary is not null and survey_year <= $2 order by survey_year`,
    [userId, year],
  );
  return rows.map((row) => ({ year: Number(row.survey_year), currency: String(row.currency), fixedSalary: Number(row.fixed_salary) }));
}

const BRIEF_MEASURES = ['fixedSalary', 'totalWithDeferral'] as const satisfies readonly Measure[];

// ───────────── the document ─────────────

/** A block of the page: a heading and its paragraphs. */
interface Block {
  title: string;
  lines: string[];
}

export interface BriefDocument {
  title: string;
  subtitle: string;
  blocks: Block[];
  footer: string;
  fileName: string;
}

/**
 * Helvetica (a PDF standard font) writes WinAnsi: the spaces Intl puts in es-ES amounts and percentages become
 * plain no-break spaces, and a minus sign a hyphen, so every character of a text is drawn.
 */
const forPdf = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/\u2212/g, '-');

/** Draws the brief on one A4 page (more when it does not fit) and returns the PDF's bytes. */
export function renderBriefPdf(brief: BriefDocument, language: Language): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: forPdf(brief.title), Author: 'Paybench' }, lang: language });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1a365d').text(forPdf(brief.title));
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#4a5568').text(forPdf(brief.subtitle));
  for (const block of brief.blocks) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(13).fillColor('#1a365d').text(forPdf(block.title));
    doc.font('Helvetica').fontSize(10.5).fillColor('#1a202c');
    for (const line of block.lines) doc.moveDown(0.3).text(forPdf(line), { lineGap: 1.5 });
  }
  doc.moveDown(2).font('Helvetica').fontSize(8.5).fillColor('#718096').text(forPdf(brief.footer));
  doc.end();
  return done;
}

/** The negotiation briefs of an app (figures from its shared statistics engine). */
export function negotiationBriefs(context: AppContext) {
  const { config, database } = context;
  const engine = statisticsEngine(context);
  const views = personalViews(context);

  /** The caller's brief in `language`, as the document to draw (the checks first: plan, then form). */
  async function briefOf(callerId: string, language: Language): Promise<BriefDocument> {
    const settings = await engine.readSettings({ userId: callerId, requestedYear: undefined });
    const caller = requireSettingsCaller(settings);
    await requireFeature(database, config.premiumEnabled, caller, 'negotiationBrief');
    const form: TargetForm | null = await latestCompletedForm(database, caller.id);
    if (!form) throw FORM_REQUIRED();

    const t = textOf(language);
    const locale = NUMBER_LOCALE[language];
    const display: MoneyDisplay = moneyDisplay(language, 'EUR', await currentExchangeRates(database));
    const money = (amount: number) => display.format(amount, 'statistic');
    const own = (amount: number) => display.format(amount, 'own');
    const toEur = (amount: number, currency: string) => amount * (currency === 'EUR' ? 1 : (settings.rates[currency] ?? Number.NaN));
    const percent = (value: number) => formatSignedPercent(value, locale);
    const longDate = (date: Date | string) => dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
    const fieldName = (field: string) => t(`comparison.filters.fields.${field}`);
    const optionName = (field: string, value: string) => t(`questionnaire.options.${field}.${value}`);
    const describe = (filters: ComparisonFilters) => {
      const parts = Object.entries(filters)
        .filter(([field, value]) => field !== 'year' && typeof value === 'string' && value !== '')
        .map(([field, value]) => `${fieldName(field)}: ${optionName(field, value as string)}`);
      return parts.length > 0 ? parts.join(' · ') : t('brief.pdf.group_everyone');
    };
    const blocks: Block[] = [];

    // The peer group, as the personalised comparison publishes it.
    const answer = await views.peerAnswer(settings, form);
    if (!answer) throw conflict('NO_EXCHANGE_RATE', 'There is no exchange rate for the currency of this form');
    const { steps, used } = answer;
    const group: Block = { title: t('brief.pdf.group_title'), lines: [] };
    const figures: Block = { title: t('brief.pdf.figures_title'), lines: [] };
    const position: Block = { title: t('brief.pdf.position_title'), lines: [] };
    if (used) {
      group.lines.push(t('brief.pdf.group_filters', { filters: describe(used.filters) }));
      group.lines.push(
        used.count !== null
          ? t('brief.pdf.group_size', { formatted: formatCount(used.count, language), year: form.year })
          : t('brief.pdf.group_count', { label: used.countLabel }),
      );
      const dropped = steps.slice(1).map((step) => fieldName(step.dropped!));
      if (dropped.length > 0) group.lines.push(t('brief.pdf.group_widened', { fields: dropped.join(', ') }));
      for (const measure of BRIEF_MEASURES) {
        const label = t(`brief.pdf.measures.${measure}`);
        const statistic: PublishedStatistic = used.measures![measure];
        figures.lines.push(
          statistic.p25 !== null && statistic.p50 !== null && statistic.p75 !== null
            ? t('brief.pdf.figures_line', { measure: label, p25: money(statistic.p25), p50: money(statistic.p50), p75: money(statistic.p75) })
            : t('brief.pdf.figures_none', { measure: label }),
        );
        const at = used.position?.[measure];
        position.lines.push(
          at
            ? t('brief.pdf.position_line', { measure: label, own: own(at.ownValue), diff: percent(at.diffFromMedianPercent), rank: at.percentileRank })
            : t('brief.pdf.position_none', { measure: label }),
        );
      }
      blocks.push(group, figures, position);
    } else {
      group.lines.push(t('brief.pdf.group_none', { threshold: settings.threshold }));
      blocks.push(group);
    }

    // The last raise: the person's own forms and the inflation of their country.
    const inflation = ratesForCountry(settings.inflation, form.country);
    const raise = lastRaise(await ownPayHistory(database, caller.id, form.year), inflation.rates);
    const raiseBlock: Block = { title: t('brief.pdf.raise_title'), lines: [] };
    if (raise.kind === 'none') raiseBlock.lines.push(t('brief.pdf.raise_none'));
    else if (raise.kind === 'noInflation') raiseBlock.lines.push(t('brief.pdf.raise_no_inflation', { year: raise.since }));
    else {
      if (raise.kind === 'raise') {
        raiseBlock.lines.push(
          t('brief.pdf.raise_line', {
            year: raise.year,
            before: own(toEur(raise.before, form.currency)),
            after: own(toEur(raise.after, form.currency)),
            nominal: percent(raise.nominal),
            real: percent(raise.real),
          }),
        );
        raiseBlock.lines.push(t('brief.pdf.raise_since', { year: raise.since, current: form.year, change: percent(raise.realChange) }));
      } else {
        raiseBlock.lines.push(
          t('brief.pdf.raise_unchanged', { amount: own(toEur(raise.amount, form.currency)), year: raise.since, change: percent(raise.realChange) }),
        );
      }
      const region = inflation.country ? optionName('country', inflation.country) : t('brief.pdf.region_all');
      raiseBlock.lines.push(t('brief.pdf.raise_inflation', { region }));
    }
    blocks.push(raiseBlock);

    // One level up: the same group (as used) at the next position level, published like any comparison of it.
    const levelBlock: Block = { title: t('brief.pdf.level_title'), lines: [] };
    const level = nextPositionLevel(form.positionLevel);
    if (!form.positionLevel) levelBlock.lines.push(t('brief.pdf.level_unknown'));
    else if (!level) levelBlock.lines.push(t('brief.pdf.level_top'));
    else {
      const base: ComparisonFilters = { ...(used ? used.filters : steps[0].filters) };
      delete base.year;
      const answer = await engine.answer(settings, peerGroup({ ...base, positionLevel: level, year: form.year }, form.year), null);
      const median = answer.status === 'ok' ? answer.measures!.totalWithDeferral.p50 : null;
      const levelName = optionName('positionLevel', level);
      levelBlock.lines.push(
        median !== null && answer.count !== null
          ? t('brief.pdf.level_line', { level: levelName, median: money(median), formatted: formatCount(answer.count, language) })
          : t('brief.pdf.level_not_published', { level: levelName, threshold: settings.threshold }),
      );
    }
    blocks.push(levelBlock);

    // The privacy note, with the release the figures come from and the conversion when amounts were converted.
    const release = settings.release;
    const privacy: Block = {
      title: t('brief.pdf.privacy_title'),
      lines: [
        release
          ? t('brief.pdf.privacy_note', { threshold: settings.threshold, sequence: release.sequence, date: longDate(release.cutAt) })
          : t('brief.pdf.privacy_no_release', { threshold: settings.threshold }),
      ],
    };
    if (display.conversion) {
      privacy.lines.push(
        t('brief.pdf.converted', {
          currency: display.currency,
          rate: formatRate(display.conversion, language),
          date: formatRateDate(display.conversion.date, language),
        }),
      );
    }
    blocks.push(privacy);

    const today = longDate(new Date());
    return {
      title: t('brief.pdf.title'),
      subtitle: t('brief.pdf.subtitle', { year: form.year, date: today }),
      blocks,
      footer: t('brief.pdf.footer', { date: today }),
      fileName: t('brief.file_name', { year: form.year }),
    };
  }

  /** The caller's brief as a PDF, with the file name it is offered under. */
  async function negotiationBrief(callerId: string, language: Language): Promise<{ pdf: Buffer; fileName: string }> {
    const brief = await briefOf(callerId, language);
    return { pdf: await renderBriefPdf(brief, language), fileName: brief.fileName };
  }

  return { briefOf, negotiationBrief };
}
