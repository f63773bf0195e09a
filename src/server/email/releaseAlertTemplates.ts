// The release alert e-mail (services/releaseAlerts.ts) in the member's language (texts: `email.release_alert` of the
// locale files). It says only published figures of the member's group (its median in the previous and the new
// release, in real terms, and the change) and whether their own pay is now below the group's published p25; it
// links to the personalised comparison and to the unsubscribe page. Links are built from PUBLIC_URL.
import { formatMoney } from '../../domain/money';
import { escapeHtml, mailLanguage, mailText } from './i18n';
import type { MailContent } from './templates';

export const RELEASE_ALERT_PATHS = {
  comparison: '/personalized-comparison',
  unsubscribe: '/release-alerts/unsubscribe',
} as const;

export const releaseAlertComparisonLink = (publicUrl: string) => `${publicUrl}${RELEASE_ALERT_PATHS.comparison}`;
export const releaseAlertUnsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${RELEASE_ALERT_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;

export interface ReleaseAlertFigures {
  /** The survey year whose money the medians are in. */
  year: number;
  /** The group's published median in the previous release, in money of `year`; null when it published none. */
  previousMedian: number | null;
  /** The group's published median in the new release. */
  median: number;
  /** The change of the median in real terms, percent (one decimal); null without a previous median. */
  changePercent: number | null;
  /** The member's own pay is below the group's published p25 of the new release. */
  belowP25: boolean;
  currency: string;
}

function formatPercent(value: number, language: 'es' | 'en'): string {
  const text = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'always',
  }).format(value);
  return `${text} %`;
}

export function releaseAlertMail(language: string, figures: ReleaseAlertFigures, links: { comparison: string; unsubscribe: string }): MailContent {
  const lang = mailLanguage(language);
  const t = (key: string, values?: Record<string, string | number>) => mailText(lang, `release_alert.${key}`, values);
  const money = (amount: number) => formatMoney(amount, lang, figures.currency);
  const lines: string[] = [];
  if (figures.previousMedian !== null && figures.changePercent !== null) {
    lines.push(
      t('median_moved', {
        year: figures.year,
        previous: money(figures.previousMedian),
        median: money(figures.median),
        change: formatPercent(figures.changePercent, lang),
      }),
    );
  } else {
    lines.push(t('median_now', { year: figures.year, median: money(figures.median) }));
  }
  lines.push(figures.belowP25 ? t('below_p25') : t('not_below_p25'));
  const [greeting, lead, real, action, why, unsubscribe, signature] = [
    mailText(lang, 'greeting'),
    t('lead'),
    t('real_terms'),
    t('action'),
    t('why'),
    t('unsubscribe'),
    mailText(lang, 'signature'),
  ];
  const text = [
    greeting,
    '',
    lead,
    '',
    ...lines,
    real,
    '',
    `${action}: ${links.comparison}`,
    '',
    '—',
    why,
    `${unsubscribe}: ${links.unsubscribe}`,
    '',
    signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="font-size:13px;color:#4a5568">${escapeHtml(real)}</p>
<p><a href="${escapeHtml(links.comparison)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#4a5568;margin-top:24px">${escapeHtml(why)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#4a5568">${escapeHtml(unsubscribe)}</a></p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}
