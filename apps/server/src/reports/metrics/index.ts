import type { ReportMetric } from '@hh/contract/reports';
import { applicationsMetric } from './applications.ts';
import type { MetricDefinition } from './definition.ts';
import { newApplicantsMetric } from './new-applicants.ts';
import { offerAcceptanceMetric } from './offer-acceptance.ts';
import { sourceOfHireMetric } from './source-of-hire.ts';
import { stageConversionMetric } from './stage-conversion.ts';
import { timeInStageMetric } from './time-in-stage.ts';
import { timeToHireMetric } from './time-to-hire.ts';

/** Every metric, once (docs/reports.md gives each definition in words). */
export const METRICS: Record<ReportMetric, MetricDefinition> = {
  applications: applicationsMetric,
  'new-applicants': newApplicantsMetric,
  'stage-conversion': stageConversionMetric,
  'time-in-stage': timeInStageMetric,
  'time-to-hire': timeToHireMetric,
  'source-of-hire': sourceOfHireMetric,
  'offer-acceptance': offerAcceptanceMetric,
};
export type { MetricDefinition };
