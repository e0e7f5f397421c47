import { PublicPageChooser } from '../wave/index.ts';

const SEARCH_PAGE = {
  base: '/motivator-search',
  what: 'motivator search page',
  title: 'What matters to you?',
  subtitle: 'Pick what matters to you at work and see the jobs that offer it.',
  testId: 'motivator-search-chooser',
};

/**
 * `/motivator-search` on the product host (core §2 `/motivator-search/{nameSlug?}`, the company optional):
 * like /meet-the-team, the signed-in user's client's page or a chooser of their clients; a visitor names the company.
 */
export default function MotivatorSearchChooser() {
  return <PublicPageChooser page={SEARCH_PAGE} />;
}
