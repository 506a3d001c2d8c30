/**
 * The dashboard's charts (recharts), loaded only by the dashboard (React.lazy in DashboardSection), so no other page
 * carries the chart library. One component draws the three kinds the dashboard needs: bars (one bar per category, each
 * in its own colour, with its value on top), grouped or stacked bars (one colour per series, with a legend) and a ring
 * (a slice per category). The chart is a picture for sighted readers (role img, named); its numbers are in the table
 * beside it, so recharts' own keyboard layer is off.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  LabelList,
} from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartProps {
  kind: 'bars' | 'grouped' | 'stacked' | 'ring';
  /** One row per category: `name` (its label), the series' values, and `color` for bars and rings. */
  data: Array<{ name: string; color?: string } & Record<string, string | number | undefined>>;
  series: ChartSeries[];
  /** The accessible name of the picture. */
  label: string;
  height?: number;
  format?: (value: number) => string;
}

const AXIS = { fontSize: 12, fill: '#545d68' };
// legend texts in the page's text colour (recharts paints them in the series' colour, too light for some)
const TEXT = { color: '#2f3640' };

export default function DashboardChart({ kind, data, series, label, height = 260, format = String }: ChartProps) {
  const tooltip = <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: 'rgba(47, 54, 64, 0.06)' }} />;
  return (
    <div role="img" aria-label={label} className="dashboard-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'ring' ? (
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey={series[0]!.key}
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={1}
              isAnimationActive={false}
            >
              {data.map((row) => (
                <Cell key={row.name} fill={row.color} />
              ))}
            </Pie>
            {tooltip}
            <Legend
              iconType="circle"
              itemSorter={(item) => data.findIndex((row) => row.name === item.value)}
              formatter={(value: string) => (
                <span
                  style={TEXT}
                >{`${value}: ${format(Number(data.find((row) => row.name === value)?.[series[0]!.key] ?? 0))}`}</span>
              )}
            />
          </PieChart>
        ) : (
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 20, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="name" tick={AXIS} interval={0} tickLine={false} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} tickLine={false} axisLine={false} />
            {tooltip}
            {kind !== 'bars' && (
              <Legend
                iconType="square"
                formatter={(value: string) => <span style={TEXT}>{value}</span>}
                itemSorter={(item) => series.findIndex((one) => one.key === (item as { dataKey?: unknown }).dataKey)}
              />
            )}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                stackId={kind === 'stacked' ? 'all' : undefined}
                maxBarSize={56}
                isAnimationActive={false}
              >
                {kind === 'bars' && data.map((row) => <Cell key={row.name} fill={row.color ?? s.color} />)}
                {kind === 'bars' && (
                  <LabelList
                    dataKey={s.key}
                    position="top"
                    style={{ fontSize: 12, fill: '#2f3640' }}
                    formatter={(value: unknown) => format(Number(value))}
                  />
                )}
              </Bar>
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
