import { offersRoutes } from '@hh/contract/offers';
import { fillPath } from '@hh/contract/route';
import { Alert, Anchor, Box, Button, Container, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { formatDate } from '../../lib/format.ts';

/** In the candidate's own locale and zone (their browser's), the zone named. */
const when = (iso: string) => formatDate(iso);

/**
 * `/offer/{token}`: the candidate's offer page, without sign-in (the signed link from the offer
 * mail is the key). Mobile first: one column, the letter, its PDF, then the answer: accept by typing
 * one's full name as the letter states it, or decline with an optional reason. The server answers
 * an expired link with 410 and an answered offer with 409, in words shown here as they come.
 */
export default function OfferPage() {
  const { token = '' } = useParams();
  const qc = useQueryClient();
  const key = ['public-offer', token];
  const offer = useQuery({
    queryKey: key,
    retry: false,
    queryFn: () => api(offersRoutes.publicGet, { params: { token } }, { ignoreSession: true, noReload: true }),
  });
  // The contract's body rules run before sending (a name is required to accept; a reason is at most 2,000 characters).
  const acceptForm = useContractForm(offersRoutes.accept, { initialValues: { fullName: '' }, toBody: (v) => ({ fullName: v.fullName }) });
  const declineForm = useContractForm(offersRoutes.decline, { initialValues: { reason: '' }, toBody: (v) => ({ reason: v.reason.trim() || undefined }) });
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    document.title = offer.data ? `Your offer from ${offer.data.companyName}` : 'Your offer';
  }, [offer.data]);
  const answer = useMutation({
    mutationFn: (kind: 'accept' | 'decline') =>
      kind === 'accept'
        ? api(offersRoutes.accept, { params: { token }, body: acceptForm.body() }, { ignoreSession: true, noReload: true })
        : api(offersRoutes.decline, { params: { token }, body: declineForm.body() }, { ignoreSession: true, noReload: true }),
    onSuccess: (r) => {
      setError(null);
      setDone(r.message);
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err, kind) => {
      // A field's message goes under the field (the name not as the letter states it); the rest above the form.
      (kind === 'accept' ? acceptForm : declineForm).showServerErrors(err);
      const field = err instanceof ApiError && (err.first('fullName') ?? err.first('reason'));
      setError(field ? null : err instanceof ApiError ? (err.first('offer') ?? err.message) : 'Your answer could not be sent. Try again.');
    },
  });

  if (offer.isPending) {
    return (
      <Container size={720} py="xl" component="main">
        <Stack align="center" aria-busy="true">
          <Loader aria-label="Loading your offer" />
        </Stack>
      </Container>
    );
  }
  if (offer.error || !offer.data) {
    const msg = offer.error instanceof ApiError ? (offer.error.first('offer') ?? offer.error.message) : 'This offer could not be loaded. Try again later.';
    return (
      <Container size={720} py="xl" px="md" component="main">
        <Title order={1} size="h2" mb="md">
          Your offer
        </Title>
        <Alert color="red" role="alert" data-testid="offer-page-error">
          {msg}
        </Alert>
      </Container>
    );
  }
  const o = offer.data;
  const pdfHref = fillPath(offersRoutes.publicPdf.path, { token });
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={720} py="lg" px="md" component="main">
        <Stack gap="md">
          <div>
            <Text fw={700} c="brand.8">
              {o.companyName}
            </Text>
            <Title order={1} size="h2">
              Your offer: {o.jobTitle}
            </Title>
            {o.state === 'open' ? (
              <Text size="sm" c="gray.7">
                Open until {when(o.expiresAt)}
              </Text>
            ) : null}
          </div>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article" aria-label="Offer letter">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores the letter sanitised and escapes every merge value */}
            <div className="offer-letter" data-testid="offer-letter" dangerouslySetInnerHTML={{ __html: o.letterHtml }} />
          </Paper>
          <Anchor href={pdfHref} target="_blank" rel="noopener">
            Download the letter as a PDF
          </Anchor>
          {done ? (
            <Alert color="teal" role="status" data-testid="offer-done">
              {done}
            </Alert>
          ) : null}
          {!done && o.state === 'accepted' ? (
            <Alert color="teal" role="status" data-testid="offer-done">
              You accepted this offer{o.acceptedName ? ` as ${o.acceptedName}` : ''}
              {o.answeredAt ? ` on ${when(o.answeredAt)}` : ''}.
            </Alert>
          ) : null}
          {!done && o.state === 'declined' ? (
            <Alert color="gray" role="status" data-testid="offer-done">
              You declined this offer{o.answeredAt ? ` on ${when(o.answeredAt)}` : ''}.
            </Alert>
          ) : null}
          {o.state === 'open' && !done ? (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="answer-title">
              <Stack gap="sm">
                <Title order={2} size="h4" id="answer-title">
                  Your answer
                </Title>
                {error ? (
                  <Alert color="red" role="alert" data-testid="offer-answer-error">
                    {error}
                  </Alert>
                ) : null}
                {!declining ? (
                  <form onSubmit={acceptForm.onSubmit(() => answer.mutate('accept'))} noValidate>
                    <Stack gap="sm">
                      <TextInput
                        label="Your full name"
                        description={`To accept, type your name as the letter states it: ${o.candidateName}`}
                        required
                        autoComplete="name"
                        {...acceptForm.getInputProps('fullName')}
                      />
                      <Button type="submit" size="md" loading={answer.isPending && answer.variables === 'accept'} fullWidth>
                        Accept the offer
                      </Button>
                      <Button variant="subtle" color="gray.8" c="gray.8" onClick={() => setDeclining(true)}>
                        I want to decline
                      </Button>
                    </Stack>
                  </form>
                ) : (
                  <form onSubmit={declineForm.onSubmit(() => answer.mutate('decline'))} noValidate>
                    <Stack gap="sm">
                      <Textarea
                        label="Reason (optional)"
                        description="It helps the team, and stays with them."
                        autosize
                        minRows={3}
                        {...declineForm.getInputProps('reason')}
                      />
                      <Button type="submit" color="red.8" size="md" loading={answer.isPending && answer.variables === 'decline'} fullWidth>
                        Decline the offer
                      </Button>
                      <Button variant="subtle" color="gray.8" c="gray.8" onClick={() => setDeclining(false)}>
                        Back
                      </Button>
                    </Stack>
                  </form>
                )}
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
