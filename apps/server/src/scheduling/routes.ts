import { schedulingRoutes as r } from '@hh/contract/scheduling';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { bookSlot, rescheduleBooking } from './book-slot.ts';
import { cancelBooking } from './cancel-booking.ts';
import { createSchedulingLink } from './create-scheduling-link.ts';
import { getPublicSchedule } from './get-public-schedule.ts';
import { listApplicationSchedules } from './list-application-schedules.ts';
import { listMyScheduledInterviews } from './list-my-scheduled-interviews.ts';
import { listFreeTimes, proposeTimes } from './propose-times.ts';
import { cancelByTeam, listMoveTimes, moveBooking } from './team-change.ts';

/** Scheduling: self-scheduling links, the candidate's public booking page, reschedule and cancel (docs/scheduling.md). */
export default async function schedulingRoutes(app: FastifyInstance) {
  route(app, r.createLink, createSchedulingLink);
  route(app, r.ofApplication, listApplicationSchedules);
  route(app, r.mine, listMyScheduledInterviews);
  route(app, r.freeTimes, listFreeTimes);
  route(app, r.propose, proposeTimes);
  route(app, r.moveTimes, listMoveTimes);
  route(app, r.move, moveBooking);
  route(app, r.cancelByTeam, cancelByTeam);
  route(app, r.publicGet, getPublicSchedule);
  route(app, r.book, bookSlot);
  route(app, r.reschedule, rescheduleBooking);
  route(app, r.cancel, cancelBooking);
}
