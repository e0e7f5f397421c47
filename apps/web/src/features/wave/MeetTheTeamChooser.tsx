import { PublicPageChooser } from './PublicPageChooser.tsx';

const TEAM_PAGE = {
  base: '/meet-the-team',
  what: 'team page',
  title: 'Meet the team',
  subtitle: 'The people behind the jobs, in their own words and videos.',
  testId: 'meet-the-team-chooser',
};

/** `/meet-the-team` on the product host (core §2): a company's team page lives at /meet-the-team/{nameSlug}. */
export default function MeetTheTeamChooser() {
  return <PublicPageChooser page={TEAM_PAGE} />;
}
