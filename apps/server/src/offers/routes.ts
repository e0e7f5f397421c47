import { offersRoutes as r } from '@hh/contract/offers';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { acceptOffer, declineOffer } from './answer-offer.ts';
import { approveOffer } from './approve-offer.ts';
import { createOffer } from './create-offer.ts';
import { createOfferTemplate } from './create-offer-template.ts';
import { deleteOfferTemplate } from './delete-offer-template.ts';
import { getApplicationOffer } from './get-application-offer.ts';
import { getOfferPdf, getPublicOffer } from './get-public-offer.ts';
import { listApprovers } from './list-approvers.ts';
import { listOfferTemplates } from './list-offer-templates.ts';
import { sendOffer } from './send-offer.ts';
import { updateOffer } from './update-offer.ts';
import { updateOfferTemplate } from './update-offer-template.ts';

/** Offers (docs/offers.md): templates, offers with their approval chain, and the candidate's public answer. */
export default async function offersRoutes(app: FastifyInstance) {
  route(app, r.templates, listOfferTemplates);
  route(app, r.createTemplate, createOfferTemplate);
  route(app, r.updateTemplate, updateOfferTemplate);
  route(app, r.removeTemplate, deleteOfferTemplate);
  route(app, r.approvers, listApprovers);
  route(app, r.ofApplication, getApplicationOffer);
  route(app, r.create, createOffer);
  route(app, r.update, updateOffer);
  route(app, r.approve, approveOffer);
  route(app, r.send, sendOffer);
  route(app, r.publicGet, getPublicOffer);
  route(app, r.publicPdf, getOfferPdf);
  route(app, r.accept, acceptOffer);
  route(app, r.decline, declineOffer);
}
