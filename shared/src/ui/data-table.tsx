import { Fragment, useState, type ReactNode } from 'react';
import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Breakpoint, type SxProps, type Theme } from '@mui/material/styles';
import { Loading } from './loading';
import { TableRegion } from './table-region';

/** What a cell renderer knows of its row besides the data: whether its detail row is open. */
export interface RowState {
  open: boolean;
  toggle: () => void;
}

/** One column: its header and how a row fills its cell. A link or a button in a cell is the renderer's. */
export interface DataColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row, state: RowState) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** In px, given to the column's `<col>`; with `dense`, the fixed layout keeps it. */
  width?: number;
  /** The header and every cell on one line. */
  nowrap?: boolean;
  /** Left out below the sm breakpoint, where a phone has no room for it. */
  hideOnPhone?: boolean;
  padding?: 'checkbox' | 'none';
  /** The whole value of a cell its content may cut. */
  title?: (row: Row) => string | undefined;
  /** The body cells' look (a monospace id, a break anywhere); `sxOf` for a look that depends on the row. */
  sx?: SxProps<Theme>;
  sxOf?: (row: Row) => SxProps<Theme>;
}

interface DataTableProps<Row> {
  /** Names the scrolling region and the table. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowTestId?: string | ((row: Row) => string);
  /** Rows highlight under the pointer; off where a row leads nowhere. */
  hover?: boolean;
  /** One line a cell cut with an ellipsis, 13 px text, the columns' widths fixed: for many columns. */
  dense?: boolean;
  loading?: boolean;
  /** Shown in the table's body when there is no row. */
  emptyText?: string;
  /** A row's detail under it, shown while its state is open (a cell renderer toggles it). */
  detail?: (row: Row) => ReactNode;
  /** Below the breakpoint the rows are cards of the caller's, not a table: no sideways scroll on a phone. */
  cards?: { below: Breakpoint; render: (rows: readonly Row[]) => ReactNode };
}

const nowrap = { whiteSpace: 'nowrap' } as const;
const hiddenOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;
const denseCells = {
  tableLayout: 'fixed',
  '& td, & th': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', px: 1 },
  '& td': { fontSize: (theme: Theme) => theme.typography.pxToRem(13) },
} as const;

const asList = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);

/** A header cell takes its column's line and phone rules. */
const headSx = <Row,>(column: DataColumn<Row>): SxProps<Theme> => [!!column.nowrap && nowrap, !!column.hideOnPhone && hiddenOnPhone];

/** A body cell takes them too, and the column's look. */
const bodySx = <Row,>(column: DataColumn<Row>, row: Row): SxProps<Theme> => [
  !!column.nowrap && nowrap,
  !!column.hideOnPhone && hiddenOnPhone,
  ...asList(column.sx),
  ...asList(column.sxOf?.(row)),
];

function DataRow<Row>({
  row,
  columns,
  testId,
  hover,
  detail,
}: {
  row: Row;
  columns: readonly DataColumn<Row>[];
  testId?: string;
  hover: boolean;
  detail?: (row: Row) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const state = { open, toggle: () => setOpen(!open) };
  return (
    <Fragment>
      <TableRow hover={hover} data-testid={testId}>
        {columns.map((c) => (
          <TableCell key={c.key} align={c.align} padding={c.padding} title={c.title?.(row)} sx={bodySx(c, row)}>
            {c.cell(row, state)}
          </TableCell>
        ))}
      </TableRow>
      {detail ? (
        <TableRow>
          <TableCell colSpan={columns.length} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
            <Collapse in={open} unmountOnExit>
              {detail(row)}
            </Collapse>
          </TableCell>
        </TableRow>
      ) : null}
    </Fragment>
  );
}

/** A body of one cell across the columns: the wait, or the caller's text for no rows. */
function BodyNote({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span} align="center" sx={{ py: 4, color: 'text.secondary', borderBottom: 'none' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/**
 * The one data table of the front ends: columns as data, in a keyboard-scrollable `TableRegion`,
 * so every list has the same header, density, empty and loading states and phone layout.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  hover = true,
  dense = false,
  loading = false,
  emptyText,
  detail,
  cards,
}: DataTableProps<Row>) {
  const theme = useTheme();
  const narrow = useMediaQuery(cards ? theme.breakpoints.down(cards.below) : 'not all');
  if (cards && narrow) return <>{cards.render(rows)}</>;
  const widths = columns.some((c) => c.width !== undefined);
  return (
    <TableRegion label={label}>
      <Table size="small" aria-label={label} aria-busy={loading || undefined} sx={dense ? denseCells : undefined}>
        {widths ? (
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width === undefined ? undefined : { width: c.width }} />
            ))}
          </colgroup>
        ) : null}
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} padding={c.padding} sx={headSx(c)}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? (
            <BodyNote span={columns.length}>
              <Loading label={`Loading ${label}`} />
            </BodyNote>
          ) : rows.length === 0 && emptyText ? (
            <BodyNote span={columns.length}>{emptyText}</BodyNote>
          ) : (
            rows.map((row, index) => (
              <DataRow
                key={rowKey(row, index)}
                row={row}
                columns={columns}
                testId={typeof rowTestId === 'function' ? rowTestId(row) : rowTestId}
                hover={hover}
                detail={detail}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
