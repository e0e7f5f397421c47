/** What other features use from the editor: the frame that previews a career-site page at a device's width. */
export { SiteFrame } from './SiteFrame.tsx';
