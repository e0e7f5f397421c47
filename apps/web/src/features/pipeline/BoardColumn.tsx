import { useDroppable } from '@dnd-kit/core';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { type CardProps, DraggableCard, ListCard } from './ApplicationCard.tsx';
import type { Application, Stage } from './hooks.ts';

type CardHandlers = Omit<CardProps, 'app' | 'selected'>;

/** Scrolls a column (or the phone list) to one application, so a shortcut can focus a card not drawn yet. */
export type ScrollTo = (appId: string) => void;

/**
 * The cards of one stage in a scroll box of their own, virtualised: only the cards in view (and a few
 * around them) are in the page, so a stage of 2,000 applications scrolls as smoothly as one of ten.
 */
export function VirtualCards({
  apps,
  selected,
  handlers,
  phone,
  height,
  label,
  register,
}: {
  apps: Application[];
  selected: Set<string>;
  handlers: CardHandlers;
  phone?: boolean;
  height: string;
  label: string;
  register: (scrollTo: ScrollTo | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: apps.length,
    getScrollElement: () => box.current,
    estimateSize: () => 92,
    overscan: 6,
    gap: 8,
    getItemKey: (i) => apps[i]._id,
  });
  const latest = useRef({ apps, v });
  latest.current = { apps, v };
  useEffect(() => {
    register((id) => {
      const i = latest.current.apps.findIndex((a) => a._id === id);
      if (i >= 0) latest.current.v.scrollToIndex(i, { align: 'auto' });
    });
    return () => register(null);
  }, [register]);
  const Card = phone ? ListCard : DraggableCard;
  return (
    <div ref={box} style={{ height, overflowY: 'auto', paddingRight: 4 }} data-label={label}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((item) => {
          const app = apps[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={v.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <Card app={app} selected={selected.has(app._id)} {...handlers} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** One stage of the desktop board: its name and count, and its cards; the whole column takes a dropped card. */
export function BoardColumn({
  stage,
  apps,
  total,
  filtered,
  selected,
  handlers,
  register,
}: {
  stage: Stage;
  apps: Application[];
  /** Active applications in the stage (the server's count). */
  total: number;
  filtered: boolean;
  selected: Set<string>;
  handlers: CardHandlers;
  register: (scrollTo: ScrollTo | null) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage._id, data: { stage } });
  const countText = filtered && apps.length !== total ? `${apps.length} of ${total}` : String(apps.length);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      w={280}
      miw={280}
      bg={isOver ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'}
      data-testid="board-column"
      data-stage={stage.name}
      style={{ outline: isOver ? '2px solid #0C74E4' : undefined }}
    >
      <Stack gap="xs">
        <Title order={2} size="h5" data-testid="column-title">
          {stage.name}{' '}
          <Text span c="gray.7" size="sm" fw={500} aria-label={`${countText} applications`}>
            {countText}
          </Text>
        </Title>
        {apps.length ? (
          <VirtualCards
            apps={apps}
            selected={selected}
            handlers={handlers}
            height="calc(100vh - 330px)"
            label={`${stage.name} applications`}
            register={register}
          />
        ) : (
          <Text size="sm" c="gray.7" py="md" style={{ minHeight: 120 }}>
            {filtered ? 'No application here matches the filters.' : `No applications in ${stage.name}. Drag a card here to move it.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
