import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';

/**
 * Marks some of an interview's interviewers as a round-robin pool: one of them is needed, and each
 * booking takes the one with the fewest interviews coming (the others stay required). Offers only the
 * interviewers chosen above.
 */
export function PoolSelect({
  options,
  interviewerIds,
  ...input
}: { options: { value: string; label: string }[]; interviewerIds: string[] } & MultiSelectProps) {
  // The same array while the interviewers stay the same (a new one each render makes the dropdown start over).
  const key = interviewerIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the interviewers' ids as one string stand for the array
  const data = useMemo(() => options.filter((o) => interviewerIds.includes(o.value)), [options, key]);
  return (
    <MultiSelect
      mt="sm"
      label="Round-robin pool"
      description="Interviewers of whom one is needed: each booking takes the one with the fewest interviews coming. Leave empty when every interviewer must join."
      placeholder={input.value?.length ? undefined : data.length < 2 ? 'Choose two or more interviewers first' : 'Everyone is required'}
      data={data}
      searchable
      disabled={data.length < 2 && !(input.value?.length ?? 0)}
      {...input}
    />
  );
}
