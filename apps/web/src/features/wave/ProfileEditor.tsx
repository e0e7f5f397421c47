import { labelOf, statusLabels } from '@hh/contract/labels';
import { clientRoutes } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { departmentRoutes } from '@hh/contract/departments';
import { type WaveProfile, waveRoutes } from '@hh/contract/wave';
import { Alert, Badge, Button, Divider, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { statusColor, useInvalidateProfiles } from './hooks.ts';
import { VideoAnswer } from './VideoAnswer.tsx';

interface Answer {
  questionId: string;
  question: string;
  videoId: string | null;
}

/**
 * The Wave profile form: basic info, title, university, interests, department, and one video
 * answer per questionnaire question. Creates (POST create) or updates (PATCH update); the owner
 * can submit it for review. Messages are the spec's (§8).
 */
export function ProfileEditor({ profile, clientId, owner = true }: { profile: WaveProfile | null; clientId: string; owner?: boolean }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateProfiles();
  // The answers are kept beside the form (a video id per question); the rest is a contract form, checked
  // by the create call's schema as it is typed (the update call takes the same fields).
  const [answers, setAnswers] = useState<Record<string, string | null>>(() =>
    Object.fromEntries((profile?.questions ?? []).map((q) => [q.questionId, q.videoId])),
  );
  const questions = useApiQuery(clientRoutes.questions, { query: { clientId } });
  const departments = useApiQuery(departmentRoutes.byClientId, { query: { clientId } }, { retry: false });

  const form = useContractForm(waveRoutes.create, {
    initialValues: {
      firstName: profile?.basicInfo.firstName ?? '',
      lastName: profile?.basicInfo.lastName ?? '',
      title: profile?.title ?? '',
      university: profile?.university ?? '',
      interests: profile?.interests ?? '',
      departmentId: (profile?.departmentId ?? null) as string | null,
      department: profile?.department ?? '',
    },
    toBody: (v) => {
      const qs: Answer[] = (questions.data?.results ?? [])
        .filter((q) => q._id in answers)
        .map((q) => ({ questionId: q._id, question: q.question, videoId: answers[q._id] ?? null }));
      const { firstName, lastName, ...rest } = v;
      return { clientId, basicInfo: { firstName, lastName }, ...rest, questions: qs };
    },
    // The server names the name fields by their place in the profile (basicInfo.firstName).
    fieldOf: (path) => path.replace(/^basicInfo\./, ''),
  });
  const body = () => {
    const { clientId: _client, ...rest } = form.body();
    return rest;
  };

  const save = useMutation({
    mutationFn: () =>
      profile
        ? api(waveRoutes.update, { body: { _id: profile._id, ...body(), showNotification: true } })
        : api(waveRoutes.create, { body: { clientId, ...body() } }),
    onSuccess: () => {
      notify.success(profile ? messages.wave.updateSuccess : messages.wave.saveSuccess);
      invalidate();
      if (!profile && owner) navigate('/settings/wave-profile');
    },
    onError: (err) => {
      form.showServerErrors(err);
      if (!profile && err instanceof ApiError && err.status === 409) {
        // §4: a 409 means the user already has a profile: go to the settings wave-profile screen.
        notify.error(messages.wave.alreadyExists);
        navigate('/settings/wave-profile');
        return;
      }
      notify.error(profile ? messages.wave.updateError : messages.wave.saveError);
    },
  });

  const submit = useMutation({
    mutationFn: (status: 'Pending Review' | 'In Progress') => api(waveRoutes.update, { body: { _id: profile?._id ?? '', ...body(), status } }),
    onSuccess: () => {
      notify.success(messages.wave.updateSuccess);
      invalidate();
    },
    onError: (err) => notify.error(err instanceof ApiError ? (err.first('questions') ?? messages.wave.updateError) : messages.wave.updateError),
  });
  // Submitting needs a processed video for every question (an answer is set only once its video is ready).
  const missing = (questions.data?.results ?? []).filter((q) => !answers[q._id]).map((q) => q.question);

  const onSubmit = form.onSubmit(() => save.mutate());

  const depOptions = (departments.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {profile ? (
          <Group gap="xs">
            <Text size="sm">Status:</Text>
            <Badge color={statusColor[profile.status]} data-testid="profile-status">
              {labelOf(statusLabels, profile.status)}
            </Badge>
          </Group>
        ) : null}
        {profile?.status === 'Rejected' && profile.rejectionReason ? (
          <Alert color="red" title="Changes requested">
            {profile.rejectionReason}
          </Alert>
        ) : null}
        <Section title="Basic info">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" placeholder="First Name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" placeholder="Last Name" {...form.getInputProps('lastName')} />
            <TextInput label="Title" {...form.getInputProps('title')} />
            <TextInput label="University" {...form.getInputProps('university')} />
            {depOptions.length ? (
              <Select
                label="Department"
                data={depOptions}
                value={form.values.departmentId}
                onChange={(v) => {
                  form.setFieldValue('departmentId', v);
                  form.setFieldValue('department', depOptions.find((o) => o.value === v)?.label ?? '');
                }}
                clearable
              />
            ) : (
              <TextInput label="Department" {...form.getInputProps('department')} />
            )}
          </SimpleGrid>
          <Textarea mt="sm" label="Interests" {...form.getInputProps('interests')} autosize minRows={2} />
        </Section>
        <Section title="Questionnaire">
          {questions.isLoading ? (
            <LoadingRows rows={2} />
          ) : questions.error ? (
            <ErrorState error={questions.error} onRetry={() => questions.refetch()} />
          ) : !questions.data?.results.length ? (
            <Text size="sm" c="dimmed">
              Your company has not set up its questions yet. Fill in your details and save; you can record your answers once the questions are there.
            </Text>
          ) : (
            <Stack gap="lg">
              {questions.data.results.map((q, i) => (
                <Stack key={q._id} gap={6}>
                  {i ? <Divider /> : null}
                  <Title order={3} size="h5">
                    {i + 1}. {q.question}
                  </Title>
                  <VideoAnswer
                    label={q.question}
                    videoId={answers[q._id] ?? null}
                    clientId={clientId}
                    onChange={(id) => setAnswers((a) => ({ ...a, [q._id]: id }))}
                  />
                </Stack>
              ))}
            </Stack>
          )}
          {form.errors.questions || form.errors.videoId ? (
            <Text c="red" size="sm" mt="xs">
              {form.errors.questions ?? form.errors.videoId}
            </Text>
          ) : null}
        </Section>
        <Group justify="flex-end">
          {profile && owner && (profile.status === 'In Progress' || profile.status === 'Rejected') ? (
            <>
              {missing.length ? (
                <Text size="sm" c="dimmed" data-testid="submit-hint">
                  To submit, record {missing.length === 1 ? 'the last answer' : `${missing.length} more answers`}: {missing.join(' · ')}
                </Text>
              ) : null}
              <Button
                variant="light"
                onClick={() => submit.mutate('Pending Review')}
                loading={submit.isPending}
                disabled={missing.length > 0 || questions.isLoading}
              >
                Submit for review
              </Button>
            </>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {profile ? 'Save changes' : 'Save profile'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
