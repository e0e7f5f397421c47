import { type Design, defaultDesign } from '@hh/contract/site-builder';
import { designCss, fontFaceCss, SITE_CSS } from '@hh/contract/site-css';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** The client whose site is edited or previewed: its id (for the blocks' live data), name, logo and design. */
export interface SiteInfo {
  clientId: string;
  name: string;
  logo: string | null;
  design: Design;
}

const SiteContext = createContext<SiteInfo>({ clientId: '', name: '', logo: null, design: defaultDesign });

/**
 * Gives the blocks (and their fields) the site they belong to. The editor and the preview each wrap
 * their page in one, so two open at once (or a client switch) never see each other's client.
 */
export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  const { clientId, name, logo, design } = site;
  const value = useMemo(() => ({ clientId, name, logo: design.logo ?? logo, design }), [clientId, name, logo, design]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}
export const useSite = () => useContext(SiteContext);

/** The site's stylesheet with the client's design, for the editor canvas and the preview frame. */
export const siteStyles = (design: Design) => `${fontFaceCss(design)}${designCss(design)}${SITE_CSS}body{margin:0}`;
