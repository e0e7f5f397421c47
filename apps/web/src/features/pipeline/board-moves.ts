import { type Announcements, type DragEndEvent, type DragStartEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { pipelineRoutes } from '@hh/contract/pipeline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import type { Application } from './hooks.ts';
import { stageKeyboardCoordinates } from './keyboard.ts';

/**
 * Moving cards on the board: each move is a PATCH with the stage the recruiter saw, shown in its new
 * column while it waits (or sent back with the server's words on a refusal); drag and keyboard
 * sensors; and the words a screen reader hears at each step of a drag.
 */
export function useBoardMoves({
  clientId,
  all,
  stageName,
  say,
  invalidate,
}: {
  clientId: string | null | undefined;
  all: Application[];
  stageName: (id: string | null | undefined) => string;
  say: (text: string) => void;
  invalidate: () => void;
}) {
  const qc = useQueryClient();
  // Moves waiting for the server: the card shows in its new column until the reply (or goes back on a refusal).
  const [pending, setPending] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState<Application | null>(null);
  const [error, setError] = useState<string | null>(null);

  const move = useMutation({
    mutationFn: (v: { app: Application; to: string }) =>
      api(pipelineRoutes.moveStage, {
        params: { id: v.app._id },
        body: { clientId: clientId ?? undefined, stageId: v.to, expectedStageId: v.app.stageId ?? undefined },
      }),
    onMutate: (v) => {
      setError(null);
      setPending((p) => ({ ...p, [v.app._id]: v.to }));
    },
    onSuccess: (r, v) => {
      say(`Moved ${v.app.candidateName} to ${stageName(v.to)}.`);
      // The reply is the application as it is now: the card stays where it was dropped without a flash.
      qc.setQueriesData<Application[]>({ queryKey: queryKey(pipelineRoutes.listApplications) }, (old) =>
        old?.map((a) => (a._id === r.application._id ? r.application : a)),
      );
    },
    onError: (err, v) => {
      const text = err instanceof ApiError ? err.message : 'The application could not be moved. Try again.';
      setError(`${v.app.candidateName} was not moved: ${text}`);
      say(`${v.app.candidateName} was not moved. ${text}`);
      notify.error(text);
    },
    onSettled: (_r, _e, v) => {
      setPending((p) => {
        const { [v.app._id]: _, ...rest } = p;
        return rest;
      });
      invalidate();
    },
  });
  const moveTo = (app: Application, to: string) => {
    if (to !== (pending[app._id] ?? app.stageId)) move.mutate({ app, to });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stageKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => all.find((a) => a._id === id)?.candidateName ?? 'the application';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} in ${stageName(all.find((a) => a._id === active.id)?.stageId)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${stageName(String(over.id))}.` : `${nameOf(active.id)} is not over a stage.`),
    onDragEnd: ({ active, over }) => {
      const from = all.find((a) => a._id === active.id)?.stageId;
      return over && over.id !== from ? `Moved ${nameOf(active.id)} to ${stageName(String(over.id))}.` : `${nameOf(active.id)} stays in ${stageName(from)}.`;
    },
    onDragCancel: ({ active }) => `Move cancelled. ${nameOf(active.id)} stays in ${stageName(all.find((a) => a._id === active.id)?.stageId)}.`,
  };
  const onDragStart = (e: DragStartEvent) => setDragging(all.find((a) => a._id === e.active.id) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const app = all.find((a) => a._id === e.active.id);
    if (app && e.over) moveTo(app, String(e.over.id));
  };

  return { pending, moveTo, sensors, announcements, onDragStart, onDragEnd, dragging, setDragging, error, setError };
}
