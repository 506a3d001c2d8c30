/**
 * The dashboard's figures from GET /adm/dashboard: for each, the chart's data and the table of the same numbers, with
 * every label translated (tiers, statuses, months in the page's language) and numbers written as the language writes them.
 */
import { Col, Row, Statistic } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '../../../../shared/schema-types';
import type { Locale } from '../../../../shared/constants';
import { useLocale } from '../../../hooks/useLocale';
import { colorOf, HIRED_COLORS, ROLE_COLORS, SERIES_COLORS, STATUS_COLORS } from './colors';
import { DashboardGroup, DashboardSection } from './DashboardSection';
import { FigureTable } from './FigureTable';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: Locale, options: Intl.NumberFormatOptions = {}) {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lng === 'en' ? 'en-GB' : lng, options)));
  return format;
}

/** A month `YYYY-MM` as its short name and its year, in the page's language ("dic" and "2025"). */
function monthParts(month: string, lng: Locale): { name: string; year: string } {
  const date = new Date(`${month}-15T12:00:00Z`);
  const tag = lng === 'en' ? 'en-GB' : lng;
  return {
    name: new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' }).format(date),
    year: month.slice(0, 4),
  };
}

interface CountRow {
  key: string;
  label: string;
  count: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export interface Figures {
  stats: Array<{ key: string; label: string; value: string }>;
  members: ReactNode;
  membership: ReactNode;
  registrations: ReactNode;
  offers: ReactNode;
  applications: ReactNode;
  survey: ReactNode;
}

export function useFigures(data: AdminDashboard | undefined): Figures | null {
  const { t } = useTranslation();
  const { lng } = useLocale();
  return useMemo(() => {
    if (!data) return null;
    const int = (value: number) => numberFormat(lng).format(value);
    const decimal = (value: number) =>
      numberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);
    const percent = (part: number, whole: number) =>
      whole ? numberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(part / whole) : '—';
    const chartLabel = (title: string) => t('admin.dashboard.chartLabel', { title });
    const roleLabel = (role: string) => t(`role.${role}`, { defaultValue: role });
    const memberStatus = (status: string) => t(`admin.status.${status}`, { defaultValue: status });
    const offerStatus = (status: string) => t(`offers.status.${status}`, { defaultValue: status });
    const applicationStatus = (status: string) => t(`lists.applications.status.${status}`, { defaultValue: status });
    const right = { align: 'right' as const };

    /** A one-number-per-category figure: bars (or a ring), and a table of count and share. */
    const countFigure = (
      id: string,
      title: string,
      rows: CountRow[],
      palette: Record<string, string>,
      kind: 'bars' | 'ring',
      head: string,
      note?: ReactNode,
    ) => {
      const total = sum(rows.map((row) => row.count));
      const columns: TableColumnsType<CountRow> = [
        { title: head, dataIndex: 'label', key: 'label' },
        {
          title: t('admin.dashboard.count'),
          dataIndex: 'count',
          key: 'count',
          ...right,
          render: (value: number) => int(value),
        },
        { title: t('admin.dashboard.share'), key: 'share', ...right, render: (_, row) => percent(row.count, total) },
      ];
      return (
        <DashboardSection
          id={id}
          title={title}
          note={note}
          chart={{
            kind,
            label: chartLabel(title),
            data: rows
              .filter((row) => kind === 'bars' || row.count > 0)
              .map((row, i) => ({ name: row.label, count: row.count, color: colorOf(palette, row.key, i) })),
            series: [{ key: 'count', label: t('admin.dashboard.count'), color: SERIES_COLORS[0] }],
            format: int,
          }}
          table={
            <FigureTable<CountRow>
              testId={`dashboard-${id}-table`}
              caption={title}
              columns={columns}
              rows={rows}
              rowKey="key"
              total={[t('admin.dashboard.total'), int(total), total ? percent(total, total) : '—']}
            />
          }
        />
      );
    };

    // members: one row per tier, one column per status
    const roles = [...new Set(data.members.map((m) => m.role))];
    const statuses = [...new Set(data.members.map((m) => m.status))];
    const countOf = (role: string, status: string) =>
      data.members.find((m) => m.role === role && m.status === status)?.count ?? 0;
    type MemberRow = { key: string; label: string; total: number } & Record<string, string | number>;
    const memberRows: MemberRow[] = roles.map((role) => ({
      key: role,
      label: roleLabel(role),
      total: sum(statuses.map((s) => countOf(role, s))),
      ...Object.fromEntries(statuses.map((s) => [s, countOf(role, s)])),
    }));
    const shownStatuses = statuses.filter((status) => roles.some((role) => countOf(role, status) > 0));
    const membersTitle = t('admin.dashboard.members.title');
    const members = (
      <DashboardSection
        id="members"
        title={membersTitle}
        chart={{
          kind: 'stacked',
          label: chartLabel(membersTitle),
          data: memberRows.map((row) => ({ ...row, name: row.label })),
          series: shownStatuses.map((status, i) => ({
            key: status,
            label: memberStatus(status),
            color: colorOf(STATUS_COLORS, status, i),
          })),
          format: int,
        }}
        table={
          <FigureTable<MemberRow>
            testId="dashboard-members-table"
            caption={membersTitle}
            rowKey="key"
            rows={memberRows}
            columns={[
              { title: t('admin.dashboard.members.role'), dataIndex: 'label', key: 'label' },
              ...statuses.map((status) => ({
                title: memberStatus(status),
                dataIndex: status,
                key: status,
                ...right,
                render: (value: number) => int(value),
              })),
              {
                title: t('admin.dashboard.total'),
                dataIndex: 'total',
                key: 'total',
                ...right,
                render: (value: number) => <strong>{int(value)}</strong>,
              },
            ]}
            total={[
              t('admin.dashboard.total'),
              ...statuses.map((s) => int(sum(roles.map((r) => countOf(r, s))))),
              int(sum(data.members.map((m) => m.count))),
            ]}
          />
        }
      />
    );

    const membership = countFigure(
      'membership',
      t('admin.dashboard.membership.title'),
      data.membership.map((m) => ({ key: m.role, label: roleLabel(m.role), count: m.count })),
      ROLE_COLORS,
      'ring',
      t('admin.dashboard.members.role'),
      t('admin.dashboard.membership.note'),
    );

    // registrations: the last 12 months, members and companies; the table has a column per month, like the chart
    const months = data.registrations.map((r, i) => {
      const { name, year } = monthParts(r.month, lng);
      // the axis names the year on the first month and on each January; the table's head puts it under the month
      return { ...r, name, year, axis: i === 0 || r.month.endsWith('-01') ? `${name} ${year}` : name };
    });
    type SeriesRow = { key: 'members' | 'companies'; label: string; total: number } & Record<string, string | number>;
    const seriesRows: SeriesRow[] = (['members', 'companies'] as const).map((key) => ({
      key,
      label: t(`admin.dashboard.registrations.${key}`),
      total: sum(months.map((m) => m[key])),
      ...Object.fromEntries(months.map((m) => [m.month, m[key]])),
    }));
    const registrationsTitle = t('admin.dashboard.registrations.title');
    const registrations = (
      <DashboardSection
        id="registrations"
        title={registrationsTitle}
        chart={{
          kind: 'grouped',
          label: chartLabel(registrationsTitle),
          height: 280,
          data: months.map((m) => ({ name: m.axis, members: m.members, companies: m.companies })),
          series: [
            { key: 'members', label: t('admin.dashboard.registrations.members'), color: SERIES_COLORS[0] },
            { key: 'companies', label: t('admin.dashboard.registrations.companies'), color: SERIES_COLORS[1] },
          ],
          format: int,
        }}
        table={
          <FigureTable<SeriesRow>
            testId="dashboard-registrations-table"
            caption={registrationsTitle}
            rowKey="key"
            rows={seriesRows}
            columns={[
              { title: t('admin.dashboard.registrations.rows'), dataIndex: 'label', key: 'label' },
              ...months.map((m) => ({
                title: (
                  // the blank before the break keeps "Dec 2025" one phrase for a screen reader
                  <span>
                    {`${m.name} `}
                    <br />
                    {m.year}
                  </span>
                ),
                dataIndex: m.month,
                key: m.month,
                ...right,
                render: (value: number) => int(value),
              })),
              {
                title: t('admin.dashboard.total'),
                dataIndex: 'total',
                key: 'total',
                ...right,
                render: (value: number) => <strong>{int(value)}</strong>,
              },
            ]}
          />
        }
      />
    );

    const offers = countFigure(
      'offers',
      t('admin.dashboard.offers.title'),
      data.offers.map((o) => ({ key: o.status, label: offerStatus(o.status), count: o.count })),
      STATUS_COLORS,
      'bars',
      t('admin.dashboard.status'),
    );
    const applications = countFigure(
      'applications',
      t('admin.dashboard.applications.title'),
      data.applications.map((a) => ({ key: a.status, label: applicationStatus(a.status), count: a.count })),
      STATUS_COLORS,
      'bars',
      t('admin.dashboard.status'),
    );

    // the closing survey: averages, how many gave each score, and whom companies hired
    const { survey } = data;
    type ScoreRow = { key: string; label: string; jobbank: number; candidates: number };
    const scoreRows: ScoreRow[] = survey.ratings.map((r) => ({
      key: String(r.score),
      label: int(r.score),
      jobbank: r.jobbank,
      candidates: r.candidates,
    }));
    const ratingsTitle = t('admin.dashboard.survey.ratings');
    const hiresTitle = t('admin.dashboard.survey.hires');
    const hireRows: CountRow[] = (['applicant', 'other', 'none'] as const).map((key) => ({
      key,
      label: t(`admin.dashboard.survey.hired.${key}`),
      count: survey.hired[key],
    }));
    const hireColumns: TableColumnsType<CountRow> = [
      { title: t('admin.dashboard.survey.outcome'), dataIndex: 'label', key: 'label' },
      {
        title: t('admin.dashboard.count'),
        dataIndex: 'count',
        key: 'count',
        ...right,
        render: (value: number) => int(value),
      },
      {
        title: t('admin.dashboard.share'),
        key: 'share',
        ...right,
        render: (_, row) => percent(row.count, survey.responses),
      },
    ];
    const average = (value: number | null) => (value === null ? '—' : `${decimal(value)} / ${int(5)}`);
    const surveyTitle = t('admin.dashboard.survey.title');
    const surveyFigure = (
      <DashboardGroup
        id="survey"
        title={surveyTitle}
        note={survey.responses ? t('admin.dashboard.survey.note') : t('admin.dashboard.survey.none')}
      >
        <Row gutter={[16, 16]} style={{ marginBottom: 8 }}>
          <Col xs={24} md={8}>
            <Statistic title={t('admin.dashboard.survey.responses')} value={int(survey.responses)} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('admin.dashboard.survey.ratingJobbank')} value={average(survey.rating_jobbank)} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('admin.dashboard.survey.ratingCandidates')} value={average(survey.rating_candidates)} />
          </Col>
        </Row>
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={14}>
            <DashboardSection
              id="ratings"
              title={ratingsTitle}
              bare
              chart={{
                kind: 'grouped',
                label: chartLabel(ratingsTitle),
                height: 240,
                data: scoreRows.map((row) => ({ name: row.label, jobbank: row.jobbank, candidates: row.candidates })),
                series: [
                  { key: 'jobbank', label: t('admin.dashboard.survey.jobbank'), color: SERIES_COLORS[0] },
                  { key: 'candidates', label: t('admin.dashboard.survey.candidates'), color: SERIES_COLORS[2] },
                ],
                format: int,
              }}
              table={
                <FigureTable<ScoreRow>
                  testId="dashboard-ratings-table"
                  caption={ratingsTitle}
                  rowKey="key"
                  rows={scoreRows}
                  columns={[
                    { title: t('admin.dashboard.survey.score'), dataIndex: 'label', key: 'label' },
                    {
                      title: t('admin.dashboard.survey.jobbank'),
                      dataIndex: 'jobbank',
                      key: 'jobbank',
                      ...right,
                      render: (value: number) => int(value),
                    },
                    {
                      title: t('admin.dashboard.survey.candidates'),
                      dataIndex: 'candidates',
                      key: 'candidates',
                      ...right,
                      render: (value: number) => int(value),
                    },
                  ]}
                  total={[
                    t('admin.dashboard.survey.average'),
                    average(survey.rating_jobbank),
                    average(survey.rating_candidates),
                  ]}
                />
              }
            />
          </Col>
          <Col xs={24} xl={10}>
            <DashboardSection
              id="hires"
              title={hiresTitle}
              bare
              chart={
                survey.responses
                  ? {
                      kind: 'ring',
                      label: chartLabel(hiresTitle),
                      height: 240,
                      data: hireRows
                        .filter((r) => r.count > 0)
                        .map((r) => ({
                          name: r.label,
                          count: r.count,
                          color: HIRED_COLORS[r.key as keyof typeof HIRED_COLORS],
                        })),
                      series: [{ key: 'count', label: t('admin.dashboard.count'), color: SERIES_COLORS[0] }],
                      format: int,
                    }
                  : null
              }
              table={
                <FigureTable<CountRow>
                  testId="dashboard-hires-table"
                  caption={hiresTitle}
                  columns={hireColumns}
                  rows={hireRows}
                  rowKey="key"
                  total={[t('admin.dashboard.total'), int(survey.responses), survey.responses ? percent(1, 1) : '—']}
                />
              }
            />
          </Col>
        </Row>
      </DashboardGroup>
    );

    const validated = sum(data.membership.map((m) => m.count));
    const stats = [
      { key: 'members', label: t('admin.dashboard.stat.members'), value: int(validated) },
      {
        key: 'pending',
        label: t('admin.dashboard.stat.pending'),
        value: int(sum(data.members.filter((m) => m.status === 'PENDING').map((m) => m.count))),
      },
      {
        key: 'published',
        label: t('admin.dashboard.stat.published'),
        value: int(data.offers.find((o) => o.status === 'PUBLISHED')?.count ?? 0),
      },
      {
        key: 'applications',
        label: t('admin.dashboard.stat.applications'),
        value: int(sum(data.applications.map((a) => a.count))),
      },
      { key: 'responses', label: t('admin.dashboard.stat.responses'), value: int(survey.responses) },
    ];
    return { stats, members, membership, registrations, offers, applications, survey: surveyFigure };
  }, [data, lng, t]);
}
