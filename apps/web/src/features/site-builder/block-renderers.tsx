import { pageVideoThumbnail } from '@hh/contract/video';
import type { ReactNode } from 'react';
import { RichTextView } from '../../components/RichTextView.tsx';
import { A, items, type Props, s } from './block-parts.tsx';
import { DepartmentsBlock, JobListBlock, JobMapBlock, MotivatorsBlock, TeamBlock } from './data-blocks.tsx';
import { useSite } from './site-context.tsx';

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

function SiteHeader(p: Props) {
  const site = useSite();
  return (
    <header className="site-h">
      <div className="wrap">
        <A href="#" className="brand">
          {site.logo ? <img src={site.logo} alt="" width={40} height={40} /> : null}
          <span>{site.name}</span>
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
  );
}

function SiteFooter(p: Props) {
  const site = useSite();
  return (
    <footer className="site-f">
      <div className="wrap">
        <ul>
          {items(p.links).map((l) => (
            <li key={`${s(l.label)}${s(l.href)}`}>
              <A href={s(l.href)}>{s(l.label)}</A>
            </li>
          ))}
        </ul>
        <p>{s(p.text) || `© ${new Date().getFullYear()} ${site.name}`}</p>
      </div>
    </footer>
  );
}

/** Each block type's markup, the same as the server's (apps/server/src/sites/blocks.ts). */
export const renderers: Record<string, (p: Props) => ReactNode> = {
  Header: (p) => <SiteHeader {...p} />,
  Footer: (p) => <SiteFooter {...p} />,
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
