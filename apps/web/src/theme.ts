import { type CSSVariablesResolver, createTheme, darken, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** Core spec §9 theme: primary #23ADFF, primary2 #0C74E4, grey-1 #F3F3F3; small-screen breakpoint 700. */
const brand: MantineColorsTuple = ['#e3f5ff', '#cdeaff', '#9cd3ff', '#65bcff', '#3ba9fe', '#23adff', '#0c9af2', '#0c74e4', '#0a63c2', '#0852a3'];
const primary2: MantineColorsTuple = ['#e5f2ff', '#cde0ff', '#9bbefa', '#649af6', '#3a7cf2', '#1f69f1', '#0c74e4', '#0053d6', '#004ac0', '#003faa'];

export const colors = { primary: '#23ADFF', primary2: '#0C74E4', grey1: '#F3F3F3' } as const;

/**
 * WCAG 2.2 AA: the spec's primary #23ADFF on white is about 2.5:1, under the 4.5:1 that
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
  // A user who asks for less motion (an operating-system setting) gets no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    // A badge never cuts its text ("OP…", "FAIL…") inside a narrow table cell.
    Badge: { styles: { root: { minWidth: 'max-content', flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
    // A dialog's or drawer's header is a row (its title and close button), not a second banner: axe
    // reads a <header> outside article, aside, main, nav and section elements as one, and the dialog is
    // a section with role="dialog" (axe landmark-no-duplicate-banner and landmark-unique).
    DrawerHeader: { defaultProps: { role: 'none' } },
    ModalHeader: { defaultProps: { role: 'none' } },
    // Every notification's close button has a name (axe button-name), whoever shows the notification.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    // Every pagination button has a name (axe button-name).
    Pagination: {
      defaultProps: {
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
        getControlProps: (control: string) => ({
          'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
        }),
      },
    },
  },
});

/** Colours whose darkest shade is still too light for white text (under 4.5:1). */
const pale = new Set(['yellow', 'orange', 'lime', 'green', 'cyan']);

/**
 * WCAG AA for every variant: filled badges and buttons of the other palettes use shade 9
 * (darkened for the pale ones) so white text reaches 4.5:1; light variants' text is shade 9 darkened;
 * links are brand 8 (#0a63c2), which stays above 4.5:1 on the grey page and striped rows too, where
 * #0C74E4 falls to 4.1. Dimmed text is darkened from #868e96 (3.3:1) to #5c636a.
 */
export const cssVariables: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-anchor': brand[8],
    '--mantine-color-placeholder': '#6b7280',
    // A field's error text: Mantine's red.6 is 3.3:1 on white; red.9 passes 4.5:1 (WCAG AA).
    '--mantine-color-error': t.colors.red[9],
  };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    if (name === 'dark') continue;
    const nine = t.colors[name][9];
    const filled = pale.has(name) ? darken(nine, 0.3) : nine;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-light-color`] = darken(nine, pale.has(name) ? 0.35 : 0.2);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-text`] = filled;
  }
  // The brand keeps #0C74E4 fills; its outline and light text go one shade darker for the grey page.
  for (const name of ['brand', 'primary2']) {
    light[`--mantine-color-${name}-outline`] = t.colors[name][8];
    light[`--mantine-color-${name}-light-color`] = t.colors[name][9];
    light[`--mantine-color-${name}-text`] = t.colors[name][8];
  }
  return { variables: {}, light, dark: {} };
};
