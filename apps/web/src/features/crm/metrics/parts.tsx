import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Period, PRESETS, presetPeriod, type RespondentMetrics, today } from './period.ts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'yellow.7', 'red.6'];
export const colorAt = (i: number) => COLORS[i % COLORS.length];

/** Integer ticks only: counts of people are never fractions. */
export const integerAxis = { allowDecimals: false } as const;

/** The period picker: presets, or two date fields (native, so every locale and screen reader knows them). */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const max = today();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Period"
        value={period.preset}
        onChange={(v) => onChange(v === 'custom' ? { ...period, preset: 'custom' } : presetPeriod(Number(v)))}
        data={PRESETS}
      />
      {period.preset === 'custom' ? (
        <>
          <TextInput
            type="date"
            label="From"
            size="xs"
            value={period.from}
            max={period.to || max}
            onChange={(e) => onChange({ ...period, from: e.currentTarget.value })}
            error={period.from && period.to && period.from > period.to ? 'Pick a start before the end' : undefined}
          />
          <TextInput type="date" label="To" size="xs" value={period.to} max={max} onChange={(e) => onChange({ ...period, to: e.currentTarget.value })} />
        </>
      ) : null}
    </Group>
  );
}

export function Tile({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Title order={2} size="h3" data-testid={testId}>
        {value}
      </Title>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The funnel: one bar per status in the client's pipeline order (statuses outside the pipeline after it). */
export function FunnelBars({ funnel, h = 260 }: { funnel: RespondentMetrics['funnel']; h?: number }) {
  const nf = new Intl.NumberFormat();
  return (
    <BarChart
      h={h}
      data={funnel.map((f) => ({ status: f.inPipeline ? f.status : `${f.status} (not in pipeline)`, Candidates: f.count }))}
      dataKey="status"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      xAxisProps={integerAxis}
      series={[{ name: 'Candidates', color: 'blue.6' }]}
      valueFormatter={(v) => nf.format(v)}
      withBarValueLabel
      gridAxis="y"
    />
  );
}

/** Tiles for time to first response. */
export function FirstResponseTiles({ m, hours }: { m: RespondentMetrics['firstResponse']; hours: (h: number | null) => string }) {
  const nf = new Intl.NumberFormat();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Tile label="Median first response" value={hours(m.medianHours)} testId="first-response-median" hint="Half of the applicants heard back sooner" />
      <Tile label="90th percentile" value={hours(m.p90Hours)} testId="first-response-p90" hint="9 in 10 heard back within this" />
      <Tile label="Answered" value={nf.format(m.responded)} hint="Applications a recruiter acted on" />
      <Tile label="Still waiting" value={nf.format(m.waiting)} hint="No recruiter action yet" testId="first-response-waiting" />
    </SimpleGrid>
  );
}
