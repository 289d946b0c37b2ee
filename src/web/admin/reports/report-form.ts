import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES, ReportQuerySchema } from '#shared/contracts/analytics.ts';
import { daysBetween, REPORT_PRESETS } from './report-presets.ts';

export const REPORT_FORM_MESSAGES = {
  dateFromMissing: 'Choose the first day',
  dateToMissing: 'Choose the last day',
} as const;

/** An emptied date field is "not chosen" (undefined), not a malformed date: the fields register with this. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The Reports form: the contract's report query (type, dates: the server's own rules, reversed
 * dates included) with the preset the dates come from. A preset fills both dates; "custom" needs
 * both typed. The range is held to the server's limit here too, so the refusal shows under the
 * field instead of as a failed preview.
 */
export const ReportFormSchema = ReportQuerySchema.safeExtend({
  preset: z.enum(REPORT_PRESETS),
}).superRefine((value, ctx) => {
  if (!value.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_from'], message: REPORT_FORM_MESSAGES.dateFromMissing });
  if (!value.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: REPORT_FORM_MESSAGES.dateToMissing });
  if (value.date_from && value.date_to && value.date_from <= value.date_to) {
    if (daysBetween(value.date_from, value.date_to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: ANALYTICS_MESSAGES.rangeTooLong });
    }
  }
});

export type ReportFormInput = z.input<typeof ReportFormSchema>;
export type ReportFormValues = z.output<typeof ReportFormSchema>;
