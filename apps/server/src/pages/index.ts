// What other layers may use of the site builder's domain (see apps/server/src/README.md).
export { meetTheTeamOf } from './meet-the-team.ts';
