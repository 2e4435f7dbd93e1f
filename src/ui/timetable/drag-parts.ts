/**
 * The drag-and-drop parts of the grid (@dnd-kit), one chunk loaded once a grid that can drag has painted:
 * the first paint of the timetable does not wait for them (initial JS, DESIGN.md §10).
 */
export { DraggableCard, DropZone } from './draggable-card';
export { GridDnd } from './grid-dnd';
