import type { ReactNode } from 'react';
import type { EntityName } from '../../domain/entities';
import { usePendingRows } from '../sync/use-pending';
import { PendingBadge, RowActions } from './list-parts';

/** A column after the name: its header and what a row shows in it. */
export interface ListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * The table of a settings list (Cabinets, Manufacturers, Staff, Administrators): the name column with its Pending
 * badge, the page's other columns, and Edit and Delete named with the row's name. A handler left out hides its
 * button; with neither, the actions column is not drawn.
 */
export function ListTable<Row extends { id: string }>({
  label,
  rows,
  table,
  nameHeader,
  title,
  name = title,
  nameNote,
  columns = [],
  actionsHeader,
  onEdit,
  onDelete,
}: {
  label: string;
  rows: readonly Row[];
  /** The mirror table the rows come from: a row with a change not yet on the server shows Pending. */
  table: EntityName;
  nameHeader: string;
  /** The row's name: its cell, and its buttons' accessible names. */
  title: (row: Row) => string;
  /** The name cell before the Pending badge, when it shows more than `title` (a master's Inactive badge). */
  name?: (row: Row) => ReactNode;
  /** A line under the name, after the badge (an administrator's e-mail). */
  nameNote?: (row: Row) => ReactNode;
  columns?: readonly ListColumn<Row>[];
  actionsHeader: string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
}) {
  const pending = usePendingRows();
  const actions = Boolean(onEdit || onDelete);
  return (
    <div className="table-scroll">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
            {actions ? <th scope="col">{actionsHeader}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                {name(row)}
                <PendingBadge pending={pending.has(`${table}:${row.id}`)} />
                {nameNote?.(row)}
              </td>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? (
                <RowActions
                  name={title(row)}
                  onEdit={onEdit ? () => onEdit(row) : undefined}
                  onDelete={onDelete ? () => onDelete(row) : undefined}
                />
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
