import { departmentRoutes } from '@hh/contract/jobs';
import { publicJobRoutes } from '@hh/contract/public-jobs';
import { type BlockDefinition, type BlockField, blockDefinitions } from '@hh/contract/page-blocks';
import { type Design, defaultDesign, pageRoutes } from '@hh/contract/pages';
import { designCss, fontFaceCss, SITE_CSS } from '@hh/contract/site-css';
import { pageVideoThumbnail } from '@hh/contract/video';
import { waveRoutes } from '@hh/contract/wave';
import { toEditorHtml } from '@hh/html/rich-text';
import type { Config, Field } from '@puckeditor/core';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../lib/query.ts';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { RichTextView } from '../../components/RichTextView.tsx';
import { ImageField } from './ImageField.tsx';
import { VideoField } from './VideoField.tsx';

/**
 * The Puck configuration built from the shared block definitions (packages/contract/src/page-blocks.ts).
 * Each block renders the same markup and classes as the server (apps/server/src/sites/blocks.ts),
 * styled by the same stylesheet (site-css.ts), with live data from the API.
 */
type Props = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const items = (v: unknown) => (Array.isArray(v) ? (v as Props[]) : []);
/** Links do not navigate inside the editor; they show where they lead. */
const A = ({ href, className, children }: { href: string; className?: string; children: ReactNode }) => (
  <a href={href || '#'} className={className} onClick={(e) => e.preventDefault()}>
    {children}
  </a>
);

interface EditorCtx {
  clientId: string;
  name: string;
  logo: string | null;
  design: Design;
}
let ctx: EditorCtx = { clientId: '', name: '', logo: null, design: defaultDesign };

/** The site's stylesheet with the client's design, for the editor canvas and the preview frame. */
export const siteStyles = (design: Design) => `${fontFaceCss(design)}${designCss(design)}${SITE_CSS}body{margin:0}`;

function JobListBlock(p: Props) {
  const q = useApiQuery(
    publicJobRoutes.search,
    {
      query: {
        clientId: ctx.clientId,
        departmentId: s(p.departmentId) || undefined,
        keywords: s(p.keywords) || undefined,
        location: s(p.location) || undefined,
        pageSize: Number(p.limit) || 6,
        sort: 'date',
      },
    },
    { enabled: !!ctx.clientId, silent: true },
  );
  const rows = q.data?.results ?? [];
  return (
    <section className="block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        {q.isLoading ? <p className="muted">Loading jobs…</p> : null}
        {!q.isLoading && rows.length === 0 ? <p className="muted">No open jobs match this filter right now.</p> : null}
        <ul className="jobs">
          {rows.map((j) => (
            <li className="job" key={j._id}>
              <A href="#">
                <span className="t">{j.title}</span>
                <span className="m">{[j.department, [j.city, j.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}</span>
              </A>
            </li>
          ))}
        </ul>
        {(q.data?.totalCount ?? 0) > rows.length ? <p className="more">See all {q.data?.totalCount} jobs</p> : null}
      </div>
    </section>
  );
}

function DepartmentsBlock(p: Props) {
  const q = useApiQuery(departmentRoutes.byClientId, { query: { clientId: ctx.clientId } }, { enabled: !!ctx.clientId, silent: true });
  const deps = (q.data?.results ?? []).filter((d) => (d.jobCount ?? 0) > 0);
  return (
    <section className="block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        {deps.length === 0 ? <p className="muted">Departments with open jobs appear here.</p> : null}
        <ul className="tiles">
          {deps.map((d) => (
            <li key={d._id}>
              <A href="#">
                <span className="t">{d.name}</span>
                <span className="m">{d.jobCount} open jobs</span>
              </A>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TeamBlock(p: Props) {
  const q = useApiQuery(
    waveRoutes.byClient,
    { query: { clientId: ctx.clientId, status: 'Approved', departmentId: s(p.departmentId) || undefined } },
    { enabled: !!ctx.clientId, silent: true },
  );
  const people = (q.data?.results ?? []).slice(0, Number(p.limit) || 4);
  return (
    <section className="block alt team">
      <div className="wrap">
        <h2>{s(p.heading) || 'Meet your team'}</h2>
        {people.length === 0 ? (
          <p className="muted">Approved wave profiles of this department appear here (none yet: the strip is hidden on the live page).</p>
        ) : null}
        <ul className="strip">
          {people.map((x) => (
            <li className="card person" key={x._id}>
              <div style={{ aspectRatio: '3/4', background: '#1b1f24' }} aria-hidden />
              <p>
                <strong>
                  {x.basicInfo.firstName} {x.basicInfo.lastName}
                </strong>
                {x.title ? (
                  <>
                    <br />
                    <span className="m">{x.title}</span>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function MotivatorsBlock(p: Props) {
  const q = useApiQuery(pageRoutes.listMotivators, { query: { clientId: ctx.clientId, published: 'true' } }, { enabled: !!ctx.clientId, silent: true });
  return (
    <section className="block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        {(q.data?.results ?? []).length === 0 ? <p className="muted">Published motivators appear here.</p> : null}
        <ul className="tiles">
          {(q.data?.results ?? []).map((m) => (
            <li key={m._id}>
              <A href="#">
                <span className="t">{m.name}</span>
                <span className="m">{m.headline}</span>
              </A>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function JobMapBlock(p: Props) {
  const q = useApiQuery(publicJobRoutes.search, { query: { clientId: ctx.clientId, pageSize: 1 } }, { enabled: !!ctx.clientId, silent: true });
  return (
    <section className="block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <ul className="places">
          {(q.data?.summary.cities ?? []).slice(0, 24).map((c) => (
            <li key={c.value}>
              <A href="#">
                <span className="t">{c.label}</span>
                <span className="m">{c.count} open jobs</span>
              </A>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const SearchForm = ({ placeholder }: { placeholder: string }) => (
  <form className="jobsearch" onSubmit={(e) => e.preventDefault()} aria-label="Search jobs">
    <div>
      <label htmlFor="ed-kw">Keywords</label>
      <input id="ed-kw" type="search" placeholder={placeholder || 'Job title or skill'} />
    </div>
    <div>
      <label htmlFor="ed-loc">City, state or ZIP</label>
      <input id="ed-loc" type="text" placeholder="Austin, TX" />
    </div>
    <div>
      <button type="submit" className="btn">
        Search jobs
      </button>
    </div>
  </form>
);

const renderers: Record<string, (p: Props) => ReactNode> = {
  Header: (p) => (
    <header className="site-h">
      <div className="wrap">
        <A href="#" className="brand">
          {ctx.logo ? <img src={ctx.logo} alt="" width={40} height={40} /> : null}
          <span>{ctx.name}</span>
        </A>
        <nav aria-label="Site">
          <ul>
            {items(p.links).map((l) => (
              <li key={`${s(l.label)}${s(l.href)}`}>
                <A href={s(l.href)}>{s(l.label)}</A>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  ),
  Footer: (p) => (
    <footer className="site-f">
      <div className="wrap">
        <ul>
          {items(p.links).map((l) => (
            <li key={`${s(l.label)}${s(l.href)}`}>
              <A href={s(l.href)}>{s(l.label)}</A>
            </li>
          ))}
        </ul>
        <p>{s(p.text) || `© ${new Date().getFullYear()} ${ctx.name}`}</p>
      </div>
    </footer>
  ),
  Hero: (p) => {
    // With a video and no picture, the editor shows the video's still (the live page plays the video).
    const img = s(p.image) || pageVideoThumbnail(s(p.video)) || '';
    return (
      <section className={`hero${p.align === 'center' ? ' center' : ''}${img ? ' has-media' : ''}`}>
        {img ? <img className="bg" src={img} alt="" /> : null}
        <div className="wrap">
          {s(p.title) ? <h1>{s(p.title)}</h1> : null}
          {s(p.subtitle) ? <p className="lead">{s(p.subtitle)}</p> : null}
          {s(p.ctaLabel) ? (
            <p>
              <A className="btn" href={s(p.ctaHref)}>
                {s(p.ctaLabel)}
              </A>
            </p>
          ) : null}
        </div>
      </section>
    );
  },
  RichText: (p) => (
    <section className="block">
      <div className="wrap prose">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <RichTextView value={s(p.text)} />
      </div>
    </section>
  ),
  Image: (p) => (
    <section className="block">
      <figure className="wrap">
        {s(p.src) ? <img src={s(p.src)} alt={s(p.alt)} /> : <p className="muted">Upload a picture or add its address in the panel on the right.</p>}
        {s(p.caption) ? <figcaption>{s(p.caption)}</figcaption> : null}
      </figure>
    </section>
  ),
  Video: (p) => (
    <section className="block">
      <div className="wrap">
        {s(p.title) ? <h2>{s(p.title)}</h2> : null}
        {s(p.src) ? (
          // biome-ignore lint/a11y/useMediaCaption: the client's own promotional video; captions are the client's to add
          <video
            className="media"
            controls
            preload="none"
            src={s(p.src)}
            poster={s(p.poster) || pageVideoThumbnail(s(p.src)) || undefined}
            aria-label={s(p.title) || 'Video'}
          />
        ) : (
          <p className="muted">Upload a video or add its address in the panel on the right.</p>
        )}
      </div>
    </section>
  ),
  JobSearch: (p) => (
    <section className="block search-block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <SearchForm placeholder={s(p.placeholder)} />
      </div>
    </section>
  ),
  JobList: (p) => <JobListBlock {...p} />,
  Departments: (p) => <DepartmentsBlock {...p} />,
  MeetTheTeam: (p) => <TeamBlock {...p} />,
  Motivators: (p) => <MotivatorsBlock {...p} />,
  JobMap: (p) => <JobMapBlock {...p} />,
  Testimonials: (p) => (
    <section className="block alt">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <div className="cards">
          {items(p.items).map((q) => (
            <figure className="card quote" key={`${s(q.name)}${s(q.quote).slice(0, 20)}`}>
              <blockquote>{s(q.quote)}</blockquote>
              <figcaption>
                <strong>{s(q.name)}</strong>
                {s(q.role) ? `, ${s(q.role)}` : ''}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  ),
  Benefits: (p) => (
    <section className="block alt">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <ul className="cards">
          {items(p.items).map((x) => (
            <li className="card" key={`${s(x.title)}${s(x.text).slice(0, 20)}`}>
              <h3>{s(x.title)}</h3>
              <p>{s(x.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  ),
  Stats: (p) => (
    <section className="block">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        <ul className="stats">
          {items(p.items).map((x) => (
            <li key={`${s(x.value)}${s(x.label)}`}>
              <strong>{s(x.value)}</strong>
              <span>{s(x.label)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  ),
  CallToAction: (p) => (
    <section className="block cta">
      <div className="wrap">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        {s(p.text) ? <p>{s(p.text)}</p> : null}
        {s(p.buttonLabel) ? (
          <p>
            <A className="btn inverse" href={s(p.buttonHref)}>
              {s(p.buttonLabel)}
            </A>
          </p>
        ) : null}
      </div>
    </section>
  ),
  Faq: (p) => (
    <section className="block">
      <div className="wrap narrow">
        {s(p.heading) ? <h2>{s(p.heading)}</h2> : null}
        {items(p.items).map((x) => (
          <details key={s(x.question)}>
            <summary>{s(x.question)}</summary>
            <RichTextView value={s(x.answer)} />
          </details>
        ))}
      </div>
    </section>
  ),
};

function toPuckField(f: BlockField, departments: Array<{ label: string; value: string }>): Field {
  switch (f.type) {
    case 'text':
    case 'url':
      return { type: 'text', label: f.label };
    case 'image':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <ImageField id={id} label={f.label} value={value as string | undefined} onChange={onChange} clientId={ctx.clientId} readOnly={readOnly} />
        ),
      };
    case 'video':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <VideoField id={id} label={f.label} value={value as string | undefined} onChange={onChange} clientId={ctx.clientId} readOnly={readOnly} />
        ),
      };
    case 'textarea':
      return { type: 'textarea', label: f.label };
    case 'richtext':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <RichTextEditor
            label={f.label}
            value={toEditorHtml(typeof value === 'string' ? value : '')}
            onChange={onChange}
            disabled={readOnly}
            minHeight={160}
            testId={`rich-field-${id}`}
          />
        ),
      };
    case 'number':
      return { type: 'number', label: f.label, min: f.min, max: f.max };
    case 'select':
      return { type: 'select', label: f.label, options: f.options };
    case 'department':
      return { type: 'select', label: f.label, options: [{ label: 'All departments', value: '' }, ...departments] };
    case 'list':
      return {
        type: 'array',
        label: f.label,
        arrayFields: Object.fromEntries(
          Object.entries(f.fields).map(([k, sub]) => [k, { type: sub.type === 'textarea' ? 'textarea' : 'text', label: sub.label }]),
        ),
        getItemSummary: (item: Props) => s(item[f.titleField]) || 'Item',
      } as Field;
  }
}

/** The Puck config for this client: fields from the definitions, the department list as options. */
export function buildConfig(opts: EditorCtx & { departments: Array<{ label: string; value: string }> }): Config {
  ctx = { clientId: opts.clientId, name: opts.name, logo: opts.design.logo ?? opts.logo, design: opts.design };
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
      render: ({ children }: { children: ReactNode }) => (
        <>
          <style>{siteStyles(ctx.design)}</style>
          {children}
        </>
      ),
    },
  } as Config;
}
