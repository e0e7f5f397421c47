import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Core spec §9 theme: primary #23ADFF, primary2 #0C74E4, grey-1 #F3F3F3; small-screen breakpoint 700. */
const brand: MantineColorsTuple = ['#e3f5ff', '#cdeaff', '#9cd3ff', '#65bcff', '#3ba9fe', '#23adff', '#0c9af2', '#0c74e4', '#0067cd', '#0059b6'];
const primary2: MantineColorsTuple = ['#e5f2ff', '#cde0ff', '#9bbefa', '#649af6', '#3a7cf2', '#1f69f1', '#0c74e4', '#0053d6', '#004ac0', '#003faa'];

export const colors = { primary: '#23ADFF', primary2: '#0C74E4', grey1: '#F3F3F3' } as const;

/**
 * Issue 15 (WCAG 2.2 AA): the spec's primary #23ADFF on white is about 2.5:1, under the 4.5:1 that
 * text needs, so text, links and filled controls (white text on the fill) use shade 7, the spec's
 * primary2 #0C74E4 (4.5:1 with white). #23ADFF stays for fills without text: the loading bar, the
 * active navbar marker (styles.css). Decision record 0050.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, primary2 },
  // sm = 701 px: at the spec's small-screen width (700 px and below) the navbar becomes a burger.
  breakpoints: { xs: '30em', sm: '43.8125em', md: '62em', lg: '75em', xl: '88em' },
  defaultRadius: 'md',
  fontFamily: 'Lato, "Open Sans", Roboto, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontFamily: 'Lato, "Open Sans", Roboto, system-ui, sans-serif' },
  other: colors,
});
