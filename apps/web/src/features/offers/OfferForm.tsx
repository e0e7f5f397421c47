import { type Offer, offersRoutes } from '@hh/contract/offers';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

interface FormValues {
  templateId: string | null;
  salary: number | string;
  currency: string;
  startDate: string;
  managerName: string;
  expiresOn: string;
  approverUserIds: string[];
}

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const fromOffer = (o: Offer | null): FormValues =>
  o
    ? {
        templateId: o.templateId,
        salary: o.salary,
        currency: o.currency,
        startDate: o.startDate,
        managerName: o.managerName,
        expiresOn: o.expiresAt.slice(0, 10),
        approverUserIds: o.approvals.map((a) => a.userId),
      }
    : { templateId: null, salary: '', currency: 'USD', startDate: inDays(30), managerName: '', expiresOn: inDays(7), approverUserIds: [] };

/** The offer's form: template, salary, dates, manager and approvers in order (a new offer or an edit, which restarts the chain). */
export function OfferForm({
  applicationId,
  clientId,
  offer,
  onDone,
  onCancel,
}: {
  applicationId: string;
  clientId: string;
  offer: Offer | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const templates = useApiQuery(offersRoutes.templates, { query: { clientId } });
  const approvers = useApiQuery(offersRoutes.approvers, { query: { clientId } });
  const [v, setV] = useState<FormValues>(() => fromOffer(offer));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = <K extends keyof FormValues>(k: K, value: FormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        clientId,
        applicationId,
        templateId: v.templateId ?? '',
        salary: typeof v.salary === 'number' ? v.salary : Number.NaN,
        currency: v.currency,
        startDate: v.startDate,
        managerName: v.managerName,
        // The expiry is the end of the chosen day, in UTC (the letter names the time zone).
        expiresAt: v.expiresOn ? `${v.expiresOn}T23:59:00Z` : '',
        approverUserIds: v.approverUserIds,
      };
      return offer ? api(offersRoutes.update, { params: { id: offer._id }, body }) : api(offersRoutes.create, { body });
    },
    onSuccess: (o) => {
      notify.success(o.message);
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const next: Record<string, string | undefined> = {};
        for (const k of ['templateId', 'salary', 'currency', 'startDate', 'managerName', 'expiresAt', 'approverUserIds']) next[k] = err.first(k);
        setErrors(next);
        if (!Object.values(next).some(Boolean)) notify.error(err.message);
      } else notify.error('The offer could not be saved. Try again.');
    },
  });
  const noTemplates = templates.data && !templates.data.results.length;
  return (
    <Stack gap="sm" data-testid="offer-form">
      <Title order={3} size="h5">
        {offer ? 'Edit the offer' : 'Write an offer'}
      </Title>
      {noTemplates ? <Alert color="yellow">No offer templates yet: write one under Settings, Offer templates.</Alert> : null}
      <Select
        label="Template"
        required
        data={(templates.data?.results ?? []).map((t) => ({ value: t._id, label: t.name }))}
        value={v.templateId}
        onChange={(x) => set('templateId', x)}
        error={errors.templateId}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput label="Salary (a year)" required min={0} thousandSeparator="," value={v.salary} onChange={(x) => set('salary', x)} error={errors.salary} />
        <TextInput
          label="Currency"
          required
          maxLength={3}
          value={v.currency}
          onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
          error={errors.currency}
        />
        <TextInput
          label="Start date"
          type="date"
          required
          value={v.startDate}
          onChange={(e) => set('startDate', e.currentTarget.value)}
          error={errors.startDate}
        />
        <TextInput
          label="Offer open until"
          description="The end of that day, UTC"
          type="date"
          required
          value={v.expiresOn}
          onChange={(e) => set('expiresOn', e.currentTarget.value)}
          error={errors.expiresAt}
        />
      </SimpleGrid>
      <TextInput label="Hiring manager" required value={v.managerName} onChange={(e) => set('managerName', e.currentTarget.value)} error={errors.managerName} />
      <MultiSelect
        label="Approvers, in order"
        description="Each approves in turn, in the order you pick them."
        required
        searchable
        data={(approvers.data?.results ?? []).map((u) => ({ value: u._id, label: u.name }))}
        value={v.approverUserIds}
        onChange={(x) => set('approverUserIds', x)}
        error={errors.approverUserIds}
      />
      {v.approverUserIds.length ? (
        <Text size="xs" c="gray.7" data-testid="approver-order">
          Order: {v.approverUserIds.map((id, i) => `${i + 1}. ${approvers.data?.results.find((u) => u._id === id)?.name ?? 'someone'}`).join(', ')}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button size="sm" onClick={() => save.mutate()} loading={save.isPending}>
          {offer ? 'Save and restart approval' : 'Save and ask for approval'}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
