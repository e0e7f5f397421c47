import { type CollisionDetection, DndContext, DragOverlay, pointerWithin, rectIntersection } from '@dnd-kit/core';
import { pipelineRoutes } from '@hh/contract/pipeline';
import { Alert, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { currentParamsWith, useSearchState, useSearchText } from '../../lib/search-state.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { type Shortcut, ShortcutsHelp, useShortcuts } from '../../lib/shortcuts.tsx';
import { CandidateDrawer } from '../crm/index.ts';
import { CardPreview } from './ApplicationCard.tsx';
import { BoardBulkBar } from './BoardBulkBar.tsx';
import { BoardColumn, type ScrollTo, VirtualCards } from './BoardColumn.tsx';
import { type Application, type Stage, useBoardApplications, useBoardInvalidation, useJobPipeline } from './hooks.ts';
import { useBoardMoves } from './board-moves.ts';
import { BoardFilters } from './BoardFilters.tsx';
import { RejectDialog } from './RejectDialog.tsx';

/** Pointer first (where the pointer is), else the column the dragged card overlaps most (the keyboard's moves). */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

const INSTRUCTIONS =
  'To move an application, focus its move button and press space or enter to pick it up. Use the left and right arrow keys to choose a stage, then press space or enter to drop it there, or escape to cancel.';

/**
 * The job's board (`/harvest/jobs/:jobId`, the screen a job opens on): a column per stage with its
 * count, a card per active application. Cards move by drag and drop or by keyboard (the move button,
 * arrows, space), each move a PATCH with the stage the recruiter saw, so a move someone else made
 * meanwhile is refused and the card goes back with the server's words. Filters live in the address.
 * At a phone width the board is a stage selector over one list.
 */
export default function JobBoard() {
  const { jobId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const search = useSearchState(pipelineRoutes.listApplications, { source: '', tag: '', minDaysInStage: 0, minRating: 0, stageId: '' });
  const f = search.values;
  const [tagText, setTagText] = useSearchText(f.tag, (tag) => search.set({ tag }));
  const pipeline = useJobPipeline(clientId, jobId);
  const apps = useBoardApplications(clientId, jobId, f);
  const invalidate = useBoardInvalidation();
  const _qc = useQueryClient();
  const stages = pipeline.data?.stages ?? [];
  const stageName = useCallback((id: string | null | undefined) => stages.find((s) => s._id === id)?.name ?? 'no stage', [stages]);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[]>([]);
  const [help, setHelp] = useState(false);
  const [said, setSaid] = useState('');
  const focused = useRef<string | null>(null);
  const scrollers = useRef(new Map<string, ScrollTo>());
  const openCandidate = params.get('candidate');

  const all = apps.data ?? [];
  const { pending, moveTo, sensors, announcements, onDragStart, onDragEnd, dragging, setDragging, error, setError } = useBoardMoves({
    clientId,
    all,
    stageName,
    say: setSaid,
    invalidate,
  });
  const byStage = useMemo(() => {
    const m = new Map<string, Application[]>(stages.map((s) => [s._id, []]));
    for (const a of all) {
      const at = pending[a._id] ?? a.stageId;
      if (at) m.get(at)?.push(a);
    }
    return m;
  }, [all, stages, pending]);
  const ordered = useMemo(() => stages.flatMap((s) => byStage.get(s._id) ?? []), [stages, byStage]);
  const filtered = !!(f.source || f.tag || f.minDaysInStage || f.minRating);

  const nameOf = (id: string | number) => all.find((a) => a._id === id)?.candidateName ?? 'the application';

  const openApp = (app: Application) => setParams(() => currentParamsWith('candidate', app.candidateId));
  const closeDrawer = () => setParams(() => currentParamsWith('candidate', null), { replace: true });
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const handlers = { onToggle: toggle, onOpen: openApp, onFocus: (id: string) => (focused.current = id), stages, onMove: moveTo };
  const register = useCallback(
    (stageId: string) => (fn: ScrollTo | null) => {
      if (fn) scrollers.current.set(stageId, fn);
      else scrollers.current.delete(stageId);
    },
    [],
  );
  const registers = useMemo(() => new Map(stages.map((s) => [s._id, register(s._id)])), [stages, register]);
  const registerPhone = useCallback((fn: ScrollTo | null) => {
    if (fn) scrollers.current.set('phone', fn);
    else scrollers.current.delete('phone');
  }, []);

  // Shortcuts: j/k walk the cards (stage by stage), a advances, r rejects the focused card (or the ticked ones).
  const phoneStage = f.stageId && byStage.has(f.stageId) ? f.stageId : (stages[0]?._id ?? '');
  const walk = phone ? (byStage.get(phoneStage) ?? []) : ordered;
  const focusCard = (app: Application) => {
    const at = pending[app._id] ?? app.stageId ?? '';
    scrollers.current.get(phone ? 'phone' : at)?.(app._id);
    let tries = 0;
    const tryFocus = () => {
      const el = document.querySelector<HTMLElement>(`[data-app-id="${app._id}"] [data-card-name]`);
      if (el) el.focus();
      else if (tries++ < 10) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
    focused.current = app._id;
  };
  const step = (by: number) => {
    if (!walk.length) return;
    const at = walk.findIndex((a) => a._id === focused.current);
    const next = walk[at < 0 ? (by > 0 ? 0 : walk.length - 1) : Math.min(walk.length - 1, Math.max(0, at + by))];
    if (next) focusCard(next);
  };
  const targets = (): Application[] => {
    if (selected.size) return all.filter((a) => selected.has(a._id));
    const one = all.find((a) => a._id === focused.current);
    return one ? [one] : [];
  };
  const advance = useMutation({
    mutationFn: (list: Application[]) => api(pipelineRoutes.advance, { body: { clientId: clientId ?? undefined, applicationIds: list.map((a) => a._id) } }),
    onSuccess: (r, list) => {
      const text = r.skipped.length ? `${r.message} ${r.skipped[0].reason}` : r.message;
      setSaid(list.length === 1 && !r.skipped.length ? `Moved ${list[0].candidateName} to the next stage.` : text);
      (r.skipped.length ? notify.error : notify.success)(text);
      invalidate();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The application could not be moved. Try again.'),
  });
  const shortcuts: Shortcut[] = [
    { key: 'j', label: 'Next card', run: () => step(1) },
    { key: 'k', label: 'Previous card', run: () => step(-1) },
    { key: 'a', label: 'Advance the focused card (or the ticked ones) to the next stage', run: () => targets().length && advance.mutate(targets()) },
    { key: 'r', label: 'Reject the focused card (or the ticked ones)', run: () => targets().length && setRejecting(targets().map((a) => a._id)) },
    { key: '?', label: 'Show these shortcuts', run: () => setHelp(true) },
  ];
  useShortcuts(shortcuts, !openCandidate && !rejecting.length && !help && !dragging);

  if (pipeline.isLoading || (apps.isLoading && !apps.data)) return <LoadingRows rows={6} />;
  if (pipeline.error) return <ErrorState error={pipeline.error} onRetry={() => pipeline.refetch()} />;
  if (apps.error) return <ErrorState error={apps.error} message="The applications could not be loaded." onRetry={() => apps.refetch()} />;

  const selectedApps = all.filter((a) => selected.has(a._id));
  const sources = [...new Set(all.map((a) => a.source))];
  const drawerSequence = (() => {
    const app = all.find((a) => a.candidateId === openCandidate);
    const list = app ? (byStage.get(pending[app._id] ?? app.stageId ?? '') ?? []) : [];
    return list.map((a) => a.candidateId);
  })();

  return (
    <Stack gap="sm" data-testid="job-board">
      <BoardFilters sources={sources} search={search} tagText={tagText} setTagText={setTagText} filtered={filtered} onHelp={() => setHelp(true)} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="board-status">
        {said}
      </VisuallyHidden>
      {error ? (
        <Alert color="red" title="The card went back" withCloseButton closeButtonLabel="Dismiss" onClose={() => setError(null)} data-testid="board-error">
          {error}
        </Alert>
      ) : null}
      {clientId ? (
        <BoardBulkBar
          clientId={clientId}
          selected={selectedApps}
          onReject={() => setRejecting(selectedApps.map((a) => a._id))}
          onClear={() => setSelected(new Set())}
          onChanged={invalidate}
        />
      ) : null}
      {!all.length && !filtered ? (
        <EmptyState title="No applications yet">
          Applications to this job appear here in their first stage. Share the job's career-site link, or add a candidate to the job from the candidate's
          Follow-up tab.
        </EmptyState>
      ) : null}
      {phone ? (
        <Stack gap="xs">
          <NativeSelect
            label="Stage"
            data={stages.map((s) => ({ value: s._id, label: `${s.name} (${byStage.get(s._id)?.length ?? 0})` }))}
            value={phoneStage}
            onChange={(e) => search.set({ stageId: e.currentTarget.value })}
          />
          {(byStage.get(phoneStage)?.length ?? 0) ? (
            <VirtualCards
              apps={byStage.get(phoneStage) ?? []}
              selected={selected}
              handlers={handlers}
              phone
              height="calc(100vh - 300px)"
              label={`${stageName(phoneStage)} applications`}
              register={registerPhone}
            />
          ) : (
            <Text size="sm" c="gray.7">
              {filtered ? 'No application in this stage matches the filters.' : `No applications in ${stageName(phoneStage)}. Choose another stage above.`}
            </Text>
          )}
        </Stack>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        >
          {/* A region that scrolls sideways takes the keyboard focus, so it can be scrolled without a mouse. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable) */}
          <section aria-label="Stages" style={{ overflowX: 'auto' }} tabIndex={0}>
            <Group gap="sm" align="flex-start" wrap="nowrap" pb="xs">
              {stages.map((s: Stage) => (
                <BoardColumn
                  key={s._id}
                  stage={s}
                  apps={byStage.get(s._id) ?? []}
                  total={s.count}
                  filtered={filtered}
                  selected={selected}
                  handlers={handlers}
                  register={registers.get(s._id) ?? (() => {})}
                />
              ))}
            </Group>
          </section>
          <DragOverlay dropAnimation={null}>{dragging ? <CardPreview app={dragging} /> : null}</DragOverlay>
        </DndContext>
      )}
      <RejectDialog
        key={rejecting.join(',')}
        clientId={clientId ?? ''}
        applicationIds={rejecting}
        names={all.filter((a) => rejecting.includes(a._id)).map((a) => a.candidateName)}
        onClose={() => setRejecting([])}
        onDone={() => {
          setSaid(rejecting.length === 1 ? `Rejected ${nameOf(rejecting[0])}.` : `Rejected ${rejecting.length} applications.`);
          setRejecting([]);
          setSelected(new Set());
          invalidate();
        }}
      />
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} title="Board shortcuts" shortcuts={shortcuts} />
      <CandidateDrawer
        candidateId={openCandidate}
        onClose={closeDrawer}
        sequence={drawerSequence}
        onNavigate={(id) => setParams(() => currentParamsWith('candidate', id), { replace: true })}
      />
    </Stack>
  );
}
