import { Button } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { useMyProfile, useWaveClientId } from './hooks.ts';
import { ProfileEditor } from './ProfileEditor.tsx';

/** `/create-wave-profile`: the employee's first save; with a profile already, the settings screen (§4). */
export function CreateWaveProfilePage() {
  const mine = useMyProfile();
  const clientId = useWaveClientId();
  if (mine.isLoading) return <LoadingRows />;
  if (mine.error) return <ErrorState error={mine.error} onRetry={() => mine.refetch()} />;
  if (mine.data?.results[0]) return <Navigate to="/settings/wave-profile" replace />;
  return (
    <>
      <PageHeader
        title="Create your Wave profile"
        description="Tell candidates about your work: fill in your details and record a short video for each question."
      />
      {clientId ? <ProfileEditor profile={null} clientId={clientId} /> : <EmptyState title="Select a client first" />}
    </>
  );
}

/** `/settings/wave-profile`: edit the profile, re-record answers, submit for review. */
export function SettingsWaveProfilePage() {
  const mine = useMyProfile();
  const profile = mine.data?.results[0];
  return (
    <>
      <PageHeader title="Wave profile" description="Your video profile. Approved profiles appear on the meet-the-team page and in widgets." />
      {mine.isLoading ? (
        <LoadingRows />
      ) : mine.error ? (
        <ErrorState error={mine.error} onRetry={() => mine.refetch()} />
      ) : profile ? (
        <ProfileEditor key={`${profile._id}-${profile.updatedAt}`} profile={profile} clientId={profile.clientId} />
      ) : (
        <EmptyState title="You have no Wave profile yet">
          <Button component={Link} to="/create-wave-profile" mt="sm">
            Create your Wave profile
          </Button>
        </EmptyState>
      )}
    </>
  );
}
