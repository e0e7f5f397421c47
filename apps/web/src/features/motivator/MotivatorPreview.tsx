import { defaultDesign } from '@hh/contract/site-builder';
import { designCss, SITE_CSS } from '@hh/contract/site-css';
import { Button, Group, SegmentedControl } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { RichTextView } from '../../components/RichTextView.tsx';
import { EmptyState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { SiteFrame } from '../site-builder/index.ts';
import { useMotivators } from './hooks.ts';

/** `/harvest/motivator/{motivatorId}/preview/{display?}`: the motivator's page at desktop or mobile width (desktop by default). */
export default function MotivatorPreview() {
  const { motivatorId, display = 'desktop' } = useParams();
  const navigate = useNavigate();
  const { clientId, client } = useSelectedClient();
  const q = useMotivators(clientId);
  const m = q.data?.find((x) => x._id === motivatorId);
  if (q.isLoading) return <LoadingRows rows={5} />;
  if (!m) return <EmptyState title="This motivator does not exist" />;
  return (
    <>
      <PageHeader
        title={`Preview: ${m.name}`}
        actions={
          <Group gap="xs">
            <SegmentedControl
              aria-label="Display"
              value={display === 'mobile' ? 'mobile' : 'desktop'}
              onChange={(v) => navigate(`/harvest/motivator/${m._id}/preview/${v}`)}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
              ]}
            />
            <Button component={Link} to={`/harvest/motivator/${m._id}`} variant="default">
              Back to editing
            </Button>
          </Group>
        }
      />
      <SiteFrame width={display === 'mobile' ? 390 : '100%'} title={`Preview of ${m.name}`}>
        <style>{`${designCss(defaultDesign)}${SITE_CSS}`}</style>
        <header className="site-h">
          <div className="wrap">
            <span className="brand">{client?.name}</span>
          </div>
        </header>
        <section className="hero">
          <div className="wrap">
            <p>{m.name}</p>
            <h1>{m.headline || m.name}</h1>
          </div>
        </section>
        <section className="block">
          <div className="wrap prose">
            <RichTextView value={m.story} />
          </div>
        </section>
        <section className="block alt">
          <div className="wrap">
            <h2>Jobs with {m.name.toLowerCase()}</h2>
            <p className="muted">The open jobs that match this motivator's filter appear here on the live page.</p>
          </div>
        </section>
      </SiteFrame>
    </>
  );
}
