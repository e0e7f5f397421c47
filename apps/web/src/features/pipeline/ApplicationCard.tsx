import { useDraggable } from '@dnd-kit/core';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Text } from '@mantine/core';
import { IconArrowsMove, IconGripVertical } from '@tabler/icons-react';
import type { Application, Stage } from './hooks.ts';
import { daysText } from './hooks.ts';

export interface CardProps {
  app: Application;
  selected: boolean;
  onToggle: (id: string) => void;
  onOpen: (app: Application) => void;
  onFocus: (id: string) => void;
  /** At a phone width: no dragging; the move button opens a menu of the stages instead. */
  stages?: Stage[];
  onMove?: (app: Application, stageId: string) => void;
}

/** The card's content: tick box, name (opens the candidate), the move control, source, days in stage, tags. */
function CardBody({ app, selected, onToggle, onOpen, handle }: CardProps & { handle: React.ReactNode }) {
  return (
    <>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Checkbox aria-label={`Select ${app.candidateName}`} checked={selected} onChange={() => onToggle(app._id)} mt={3} />
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => onOpen(app)}
          data-card-name
          style={{ flex: 1, textAlign: 'left', wordBreak: 'break-word' }}
        >
          {app.candidateName}
        </Anchor>
        {handle}
      </Group>
      <Text size="xs" c="gray.7" mt={4}>
        {labelOf(sourceLabels, app.source)} · {daysText(app.daysInStage)}
      </Text>
      {typeof app.averageRating === 'number' || app.awaitingFeedback ? (
        <Group gap={6} mt={4}>
          {typeof app.averageRating === 'number' ? <Text size="xs">Rating {app.averageRating.toFixed(1)} of 4</Text> : null}
          {app.awaitingFeedback ? (
            <Badge size="xs" color="orange.9" variant="light">
              Awaiting feedback
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {app.tags.length ? (
        <Group gap={4} mt={4}>
          {app.tags.slice(0, 3).map((t) => (
            <Badge key={t} size="xs" variant="outline" color="gray.7">
              {t}
            </Badge>
          ))}
          {app.tags.length > 3 ? (
            <Text size="xs" c="gray.7">
              +{app.tags.length - 3}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}

/** A card on the desktop board: dragged by pointer anywhere on it, or by keyboard from its move button. */
export function DraggableCard(props: CardProps) {
  const { app } = props;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: app._id, data: { app } });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      data-testid="board-card"
      data-app-id={app._id}
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLDivElement> | undefined}
      onFocusCapture={() => props.onFocus(app._id)}
      style={{
        opacity: isDragging ? 0.4 : 1,
        touchAction: 'manipulation',
        cursor: 'grab',
        background: props.selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <CardBody
        {...props}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray.7"
            size="sm"
            {...attributes}
            onKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler<HTMLButtonElement> | undefined}
            aria-label={`Move ${app.candidateName}`}
            aria-roledescription="movable card"
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        }
      />
    </Paper>
  );
}

/** The card being dragged, drawn above everything while it moves. */
export function CardPreview({ app }: { app: Application }) {
  return (
    <Paper withBorder p="xs" radius="md" shadow="md" style={{ cursor: 'grabbing', width: 264 }}>
      <Text fw={600}>{app.candidateName}</Text>
      <Text size="xs" c="gray.7">
        {labelOf(sourceLabels, app.source)} · {daysText(app.daysInStage)}
      </Text>
    </Paper>
  );
}

/** A card in the phone list: a menu moves it to another stage. */
export function ListCard(props: CardProps) {
  const { app, stages = [], onMove } = props;
  return (
    <Paper withBorder p="xs" radius="md" data-testid="board-card" data-app-id={app._id} onFocusCapture={() => props.onFocus(app._id)}>
      <CardBody
        {...props}
        handle={
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.7" size="md" aria-label={`Move ${app.candidateName}`}>
                <IconArrowsMove size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to</Menu.Label>
              {stages.map((s) => (
                <Menu.Item key={s._id} disabled={s._id === app.stageId} onClick={() => onMove?.(app, s._id)}>
                  {s.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        }
      />
    </Paper>
  );
}
