/**
 * A chart's numbers as a table (the accessible alternative to the picture): antd's Table with a real <caption> naming
 * it, small rows, no pagination, and an optional total row. A table wider than its box scrolls inside a region that
 * can then take the focus (so a keyboard can scroll it too).
 */
import { Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<Row> {
  caption: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
  rowKey: keyof Row & string;
  /** The cells of a closing row (first one its label), aligned with `columns`. */
  total?: Array<string | number>;
  testId?: string;
}

/** Whether the element's content is wider than the element (watched as either changes size). */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

export function FigureTable<Row extends object>({ caption, columns, rows, rowKey, total, testId }: Props<Row>) {
  const { t } = useTranslation();
  const { ref, overflows } = useOverflows();
  const components = useMemo(
    () => ({
      table: ({ children, ...rest }: ComponentProps<'table'>) => (
        <table {...rest}>
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      ),
    }),
    [caption],
  );
  return (
    <div
      data-testid={testId}
      ref={ref}
      style={{ overflowX: 'auto' }}
      {...(overflows
        ? { role: 'region', 'aria-label': t('admin.dashboard.tableLabel', { title: caption }), tabIndex: 0 }
        : {})}
    >
      <Table<Row>
        className="dashboard-table"
        size="small"
        pagination={false}
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        components={components}
        summary={
          total
            ? () => (
                <Table.Summary.Row>
                  {total.map((cell, i) => (
                    <Table.Summary.Cell key={i} index={i} align={i ? 'right' : 'left'}>
                      <strong>{cell}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </div>
  );
}
