/** What other features use from offers: the offer panel of one application (the candidate drawer mounts it). */
export { OfferPanel } from './OfferPanel.tsx';
