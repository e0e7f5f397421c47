import { notifications } from '@mantine/notifications';

/** Notifications are of type success or error (core spec §4). */
export const notify = {
  success(message: string) {
    notifications.show({ message, color: 'teal', withBorder: true, autoClose: 4000, 'data-type': 'success' } as Parameters<typeof notifications.show>[0]);
  },
  error(message: string) {
    notifications.show({ message, color: 'red', withBorder: true, autoClose: 6000, 'data-type': 'error' } as Parameters<typeof notifications.show>[0]);
  },
};
