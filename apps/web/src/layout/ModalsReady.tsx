import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsMounted } from '../lib/modals-host.ts';

/** The modals provider, reporting once it listens (its own effects run before this one's). */
export default function ModalsReady() {
  useEffect(() => modalsMounted(), []);
  return <ModalsProvider>{null}</ModalsProvider>;
}
