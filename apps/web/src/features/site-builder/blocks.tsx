import { type BlockDefinition, blockDefinitions } from '@hh/contract/page-blocks';
import type { Config } from '@puckeditor/core';
import type { ReactNode } from 'react';
import type { Props } from './block-parts.tsx';
import { renderers } from './block-renderers.tsx';
import { toPuckField } from './puck-fields.tsx';
import { siteStyles, useSite } from './site-context.tsx';

/**
 * The Puck configuration built from the shared block definitions (packages/contract/src/page-blocks.ts).
 * Each block renders the same markup and classes as the server (apps/server/src/sites/blocks.ts),
 * styled by the same stylesheet (site-css.ts), with live data from the API. The client whose site it
 * is comes from the nearest `SiteProvider` (site-context.tsx).
 */

/** The page's root: the site's stylesheet with the client's design, then the blocks. */
function SiteRoot({ children }: { children: ReactNode }) {
  const { design } = useSite();
  return (
    <>
      <style>{siteStyles(design)}</style>
      {children}
    </>
  );
}

/** The Puck config for this client: fields from the definitions, the department list as options. */
export function buildConfig(opts: { departments: Array<{ label: string; value: string }> }): Config {
  const components: Config['components'] = {};
  for (const def of blockDefinitions as BlockDefinition[]) {
    const render = renderers[def.type];
    components[def.type] = {
      label: def.label,
      fields: Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, toPuckField(f, opts.departments)])),
      defaultProps: def.defaultProps,
      render: (props: Props) => <>{render(props)}</>,
    };
  }
  const cats = (c: BlockDefinition['category']) => blockDefinitions.filter((b) => b.category === c).map((b) => b.type);
  return {
    components,
    categories: {
      layout: { title: 'Header and footer', components: cats('layout') },
      content: { title: 'Content', components: cats('content') },
      jobs: { title: 'Jobs', components: cats('jobs') },
      people: { title: 'People', components: cats('people') },
    },
    root: {
      fields: { title: { type: 'text', label: 'Page title' } },
      render: ({ children }: { children: ReactNode }) => <SiteRoot>{children}</SiteRoot>,
    },
  } as Config;
}
