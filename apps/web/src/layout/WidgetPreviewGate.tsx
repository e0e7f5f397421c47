import { Anchor, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GuestCard } from './GuestCard.tsx';

const WidgetPreview = lazy(() => import('../features/wave/WidgetPreview.tsx'));

/**
 * `/widget-preview` (core §2 guest route): with `?widgetId=` the saved widget as a customer's page
 * shows it; without one, what to pick instead of a blank page.
 */
export default function WidgetPreviewGate() {
  const [params] = useSearchParams();
  if (params.get('widgetId'))
    return (
      <Suspense fallback={null}>
        <WidgetPreview />
      </Suspense>
    );
  return (
    <GuestCard title="Widget preview" subtitle="No widget chosen.">
      <Text size="sm" mb="sm">
        This page shows one widget as it appears on a website. Choose the widget under Video profiles, Widget setup, then follow "Open the saved widget in the
        preview page" to see it here.
      </Text>
      <Anchor href="/wave/widget-setup" c="brand.8" underline="always">
        Go to Widget setup
      </Anchor>
    </GuestCard>
  );
}
