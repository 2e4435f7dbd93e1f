/**
 * The drag-and-drop parts of the grid (@dnd-kit), one chunk loaded once a grid that can drag has painted:
 * the first paint of the timetable does not wait for them (initial JS, DESIGN.md §10). They come in as a
 * layer beside the grid's body (drag-layer.tsx), so nothing of the body remounts when they arrive.
 */
export { DragLayer } from './drag-layer';
