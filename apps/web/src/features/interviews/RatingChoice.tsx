import { RATINGS, type Rating, ratingLabels } from '@hh/contract/interviews';
import { Group, Radio, SimpleGrid, Text } from '@mantine/core';

/**
 * The four-point scale as large radio buttons (a radio group: arrow keys move between the points, the
 * label and any error are read with it). Each point is a card of at least 44 px, wide enough to tap.
 */
export function RatingChoice({
  label,
  value,
  onChange,
  error,
  name,
  description,
}: {
  label: string;
  value: Rating | '';
  onChange: (v: Rating) => void;
  error?: React.ReactNode;
  name: string;
  description?: string;
}) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value}
      onChange={(v) => onChange(v as Rating)}
      error={error}
      // Mantine's error red (#fa5252) is 3.3:1 on white; red 9 reads at 4.5:1 and more.
      errorProps={{ c: 'red.9' }}
      name={name}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
        {RATINGS.map((r) => (
          <Radio.Card key={r} value={r} radius="md" p="sm" mih={44} aria-label={`${label}: ${ratingLabels[r]}`}>
            <Group gap="xs" wrap="nowrap">
              <Radio.Indicator />
              <Text size="sm" fw={500}>
                {ratingLabels[r]}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
