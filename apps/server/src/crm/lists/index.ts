export { createCandidateList, getCandidateList, listCandidateLists, updateCandidateList } from './lists.ts';
