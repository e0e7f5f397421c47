import type { createJobRequest, Job } from '@hh/contract/jobs';
import type { z } from 'zod';

/** The job form's values and their mapping from a job and to the request body. */

export type FormState = {
  title: string;
  description: string;
  departmentId: string | null;
  categoryId: string | null;
  employmentType: string | null;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  remote: boolean;
  salaryMin: number | string;
  salaryMax: number | string;
  salaryPeriod: string | null;
  referenceNumber: string;
  requisitionId: string;
  applyUrl: string;
  recruiterName: string;
  recruiterEmail: string;
  status: string;
  validThrough: string;
  openPositions: number | string;
};

export const empty: FormState = {
  title: '',
  description: '',
  departmentId: null,
  categoryId: null,
  employmentType: 'FULL_TIME',
  address1: '',
  city: '',
  state: '',
  zipCode: '',
  remote: false,
  salaryMin: '',
  salaryMax: '',
  salaryPeriod: 'YEAR',
  referenceNumber: '',
  requisitionId: '',
  applyUrl: '',
  recruiterName: '',
  recruiterEmail: '',
  status: 'open',
  validThrough: '',
  openPositions: 1,
};

export const fromJob = (j: Job): FormState => ({
  title: j.title,
  description: j.description,
  departmentId: j.departmentId,
  categoryId: j.categoryId,
  employmentType: j.employmentType,
  address1: j.address1 ?? '',
  city: j.city ?? '',
  state: j.state ?? '',
  zipCode: j.zipCode ?? '',
  remote: j.remote,
  salaryMin: j.salaryMin ?? '',
  salaryMax: j.salaryMax ?? '',
  salaryPeriod: j.salaryPeriod,
  referenceNumber: j.referenceNumber,
  requisitionId: j.requisitionId ?? '',
  applyUrl: j.applyUrl ?? '',
  recruiterName: j.recruiterName ?? '',
  recruiterEmail: j.recruiterEmail ?? '',
  status: j.status,
  validThrough: j.validThrough?.slice(0, 10) ?? '',
  openPositions: j.openPositions,
});

export type JobBody = z.input<typeof createJobRequest>;

export const orNull = (s: string) => (s.trim() ? s.trim() : null);
export const numOrNull = (v: number | string) => (v === '' ? null : Number(v));
