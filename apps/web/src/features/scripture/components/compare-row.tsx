import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Trans, useLingui } from '@lingui/react/macro';
import { GripHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';

type Props<T> = { items: T[]; onReorder: (items: T[]) => void; render: (item: T) => ReactNode; label: (item: T) => string };

/** Compare All: cards side by side in a horizontal row, reordered by dragging a handle (a drop outside does nothing). */
export function CompareRow<T extends { id: string }>({ items, onReorder, render, label }: Props<T>) {
  const { t } = useLingui();
  const dragLabel = (name: string) => t`Drag ${name} to reorder`;
  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return;
    const next = [...items];
    const [moved] = next.splice(result.source.index, 1);
    if (!moved) return;
    next.splice(result.destination.index, 0, moved);
    onReorder(next);
  };
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="books" direction="horizontal">
        {(drop) => (
          <div ref={drop.innerRef} {...drop.droppableProps} className="flex gap-4 overflow-x-auto pb-4" data-testid="compare-row">
            {items.map((item, index) => (
              <Draggable key={item.id} draggableId={item.id} index={index} disableInteractiveElementBlocking>
                {(drag) => (
                  <div ref={drag.innerRef} {...drag.draggableProps} className="w-[min(22rem,85vw)] shrink-0" data-testid="compare-item">
                    <button
                      type="button"
                      {...drag.dragHandleProps}
                      aria-label={dragLabel(label(item))}
                      data-testid="drag-handle"
                      className="mb-2 flex w-full items-center justify-center gap-1 rounded-lg border border-white/10 py-1 text-xs text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
                    >
                      <GripHorizontal className="size-4" aria-hidden="true" /> <Trans>Drag to reorder</Trans>
                    </button>
                    {render(item)}
                  </div>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </div>
        )}
      </Droppable>
    </DragDropContext>
  );
}
