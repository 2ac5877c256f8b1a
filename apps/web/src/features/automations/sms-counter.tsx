import { useTranslation } from 'react-i18next';
import {
  isGsm7,
  renderTemplate,
  sampleValues,
  SMS_SEGMENT_WARNING,
  smsSegments,
  toGsm7,
} from '@ecolage/contracts';
import type { SmsSegments } from '@ecolage/contracts';
import { formatNumber } from '../../lib/format';

/** The SMS a template makes once its placeholders are filled with sample values. */
export function templateSms(template: string): { text: string; segments: SmsSegments } {
  const text = renderTemplate(template, sampleValues, { channel: 'sms' });
  return { text, segments: smsSegments(text) };
}

/**
 * The characters of `template` GSM-7 lacks (each would turn the SMS into UCS-2), once each, with
 * what the SMS gets instead (`null`: dropped, as an emoji).
 */
export function nonGsmCharacters(
  template: string,
): { character: string; replacement: string | null }[] {
  const seen = new Map<string, string | null>();
  for (const character of template) {
    if (seen.has(character) || isGsm7(character)) continue;
    const replacement = toGsm7(character);
    seen.set(character, replacement === '' ? null : replacement);
  }
  return [...seen].map(([character, replacement]) => ({ character, replacement }));
}

/**
 * Under an SMS template: « 1 SMS · 112/160 caractères (GSM-7) » (counted with sample values for
 * the placeholders), the characters that would force UCS-2 and what replaces them, and a
 * warning past 3 parts.
 */
export function SmsCounter({ template, id }: { template: string; id?: string }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { text, segments } = templateSms(template);
  const capacity = segments.perSegment * Math.max(1, segments.segments);
  const offenders = nonGsmCharacters(template);
  const ucs2 =
    segments.encoding === 'UCS-2' ? [...text].find((character) => !isGsm7(character)) : undefined;
  return (
    <div id={id} className="space-y-2 text-sm">
      <p aria-live="polite" className="font-medium text-slate-800 tabular-nums">
        {segments.segments === 0
          ? t('automations.sms.counterEmpty')
          : t('automations.sms.counter', {
              segments: segments.segments,
              units: formatNumber(segments.units, language),
              capacity: formatNumber(capacity, language),
              encoding: segments.encoding,
            })}
        <span className="ml-1 font-normal text-slate-600">{t('automations.sms.sample')}</span>
      </p>
      {ucs2 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {t('automations.sms.ucs2', { character: ucs2 })}
        </p>
      ) : null}
      {offenders.length > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {t('automations.sms.replaced', {
            count: offenders.length,
            characters: offenders
              .map(({ character }) => t('automations.sms.quoted', { character }))
              .join(', '),
            replacements: offenders
              .map(
                ({ character, replacement }) =>
                  `${character} → ${replacement ?? t('automations.sms.dropped')}`,
              )
              .join(', '),
          })}
        </p>
      ) : null}
      {segments.segments > SMS_SEGMENT_WARNING ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {t('automations.sms.tooMany', { segments: segments.segments })}
        </p>
      ) : null}
    </div>
  );
}
