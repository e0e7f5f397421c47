import { departmentRoutes } from '@hh/contract/departments';
import { pageRoutes } from '@hh/contract/site-builder';
import { publicJobRoutes } from '@hh/contract/public-jobs';
import { waveRoutes } from '@hh/contract/wave';
import { useApiQuery } from '../../lib/query.ts';
import { A, type Props, s } from './block-parts.tsx';
import { useSite } from './site-context.tsx';

/** The blocks that show the client's live data (jobs, departments, team, motivators, places), read quietly from the API. */
export function JobListBlock(p: Props) {
  const { clientId } = useSite();
  const q = useApiQuery(
    publicJobRoutes.search,
    {
      query: {
        clientId: clientId,
        departmentId: s(p.departmentId) || undefined,
        keywords: s(p.keywords) || undefined,
        location: s(p.location) || undefined,
        pageSize: Number(p.limit) || 6,
        sort: 'date',
      },
    },
    { enabled: !!clientId, silent: true },
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

export function DepartmentsBlock(p: Props) {
  const { clientId } = useSite();
  const q = useApiQuery(departmentRoutes.byClientId, { query: { clientId: clientId } }, { enabled: !!clientId, silent: true });
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

export function TeamBlock(p: Props) {
  const { clientId } = useSite();
  const q = useApiQuery(
    waveRoutes.byClient,
    { query: { clientId: clientId, status: 'Approved', departmentId: s(p.departmentId) || undefined } },
    { enabled: !!clientId, silent: true },
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

export function MotivatorsBlock(p: Props) {
  const { clientId } = useSite();
  const q = useApiQuery(pageRoutes.listMotivators, { query: { clientId: clientId, published: 'true' } }, { enabled: !!clientId, silent: true });
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

export function JobMapBlock(p: Props) {
  const { clientId } = useSite();
  const q = useApiQuery(publicJobRoutes.search, { query: { clientId: clientId, pageSize: 1 } }, { enabled: !!clientId, silent: true });
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
