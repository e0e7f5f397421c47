import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard sensor's moves on the board: left and right jump to the previous and next stage's column
 * (dnd-kit's default moves 25 px a press, which would take dozens of presses to cross one column); up
 * and down do nothing, since the order within a stage is the server's, not the recruiter's. The new
 * coordinates are the dragged card's top-left with its centre inside the target column.
 */
export const stageKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects, droppableContainers, over } }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'].includes(event.code)) event.preventDefault();
  if (!step || !collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is { id: typeof c.id; rect: NonNullable<typeof c.rect> } => !!c.rect)
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  let at = columns.findIndex((c) => c.id === over?.id);
  if (at < 0) at = columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.left + c.rect.width);
  const target = columns[at + step];
  if (!target) return undefined;
  return { x: target.rect.left + (target.rect.width - collisionRect.width) / 2, y: target.rect.top + 48 };
};
