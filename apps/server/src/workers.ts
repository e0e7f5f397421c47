/**
 * Every background queue in one list: its handler, retry policy and schedule. Each job lives
 * in `<domain>/background/<name>.job.ts`; route plugins and domain functions only enqueue
 * (`deps.queue.send`). workers.test.ts fails if anything else registers a worker or a schedule.
 */
import type { FastifyInstance } from 'fastify';
import { alertDigestJob } from './crm/background/alert-digest.job.ts';
import { syncCalendarsJob } from './calendars/background/sync-calendars.job.ts';
import { syncConnectionJob } from './calendars/background/sync-connection.job.ts';
import { parseResumeJob } from './applications/background/parse-resume.job.ts';
import { conversationsBulkSendJob } from './conversations/background/bulk-send.job.ts';
import { conversationsEmailSendJob } from './conversations/background/email-send.job.ts';
import { campaignSendJob } from './crm/background/campaign-send.job.ts';
import { candidateRetentionJob } from './crm/background/candidate-retention.job.ts';
import { followUpJob } from './crm/background/follow-up.job.ts';
import { sendSmsJob } from './conversations/sms/background/send-sms.job.ts';
import { sweepSmsJob } from './conversations/sms/background/sweep-sms.job.ts';
import { feedbackReminderJob } from './interviews/background/feedback-reminder.job.ts';
import { importJobsJob } from './job-imports/background/import-jobs.job.ts';
import { refreshJobFeedsJob } from './job-imports/background/refresh-job-feeds.job.ts';
import { deliverMailJob } from './mail/background/deliver-mail.job.ts';
import { rejectionEmailJob } from './pipeline/background/rejection-email.job.ts';
import { importSapJob } from './sap-import/background/import-sap.job.ts';
import { scheduleSapImportsJob } from './sap-import/background/schedule-sap-imports.job.ts';
import { interviewReminderJob } from './scheduling/background/interview-reminder.job.ts';
import { calendarCopyJob } from './scheduling/background/calendar-copy.job.ts';
import { sweepCalendarCopiesJob } from './scheduling/background/sweep-calendar-copies.job.ts';
import type { JobDefinition } from './plugins/queue.ts';
import { cleanupUploadsJob } from './video/background/cleanup-uploads.job.ts';
import { processVideoJob } from './video/background/process-video.job.ts';

// biome-ignore lint/suspicious/noExplicitAny: a list of jobs with different payload types
export const workers: ReadonlyArray<JobDefinition<any>> = [
  deliverMailJob, //        mail-deliver        every MAIL_RETRY_SECONDS for MAIL_RETRY_HOURS (plugins/mail.ts)
  importJobsJob, //         jobs-import         no retry
  refreshJobFeedsJob, //    jobs-feed-refresh   hourly at :17
  processVideoJob, //       video-process       2 attempts
  cleanupUploadsJob, //     video-cleanup       every 15 min
  followUpJob, //           crm-follow-up       retry 3 × 60 s
  campaignSendJob, //       crm-campaign-send   retry 5 × 30 s
  alertDigestJob, //        crm-alert-digest    every 5 min
  candidateRetentionJob, // crm-retention       daily at 02:41
  parseResumeJob, //        resume-parse        retry 2 × 5 s (a worker thread per document)
  conversationsBulkSendJob, // conversations-bulk-send   retry 5 × 30 s (each recipient once: idempotency key per batch and candidate)
  conversationsEmailSendJob, // conversations-email-send retry 5 × 30 s (scheduled conversation email)
  sendSmsJob, //            conversations-sms-send   retry 5 × 30 s, idempotent (conversations/sms/deliver-sms.ts)
  sweepSmsJob, //           conversations-sms-sweep  every 5 min (queued texts whose job was never enqueued)
  feedbackReminderJob, //  interviews-feedback-reminder  retry 3 × 60 s (24 h after a request, then daily, at most 3)
  rejectionEmailJob, //    pipeline-rejection-email  retry 3 × 60 s (sent at its time unless cancelled; pipeline/rejection-emails.ts)
  syncCalendarsJob, //     calendars-sync-due        every 15 min (a sync job per connection not read for 15 min)
  syncConnectionJob, //    calendars-sync-connection no retry (the next schedule tries again; failure kept as the connection's health)
  importSapJob, //         sap-import                retry 2 × 5 s (a worker that died mid-run; the pipeline's transaction never committed)
  scheduleSapImportsJob, // sap-import-schedule      hourly at :23 (queues the clients whose SAP schedule is due)
  interviewReminderJob, // scheduling-interview-reminder retry 3 × 60 s (24 h and 1 h before a booked interview, each once)
  calendarCopyJob, //     scheduling-calendar-copy  its own retries after 1, 5, 15, 60, 180, 360 min (an interviewer's CalDAV copy)
  sweepCalendarCopiesJob, // scheduling-calendar-copy-sweep every 5 min (copies whose job was lost get one)
];

/** Registers every worker and schedule; called once by buildApp after the queue and mail plugins. */
export async function registerWorkers(app: FastifyInstance): Promise<void> {
  for (const job of workers) {
    await app.queue.work<object>(job.queue, (data) => job.handler(app, data), job.retry);
    if (job.schedule) await app.queue.schedule(job.queue, job.schedule);
  }
}
