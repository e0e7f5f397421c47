export { createAlert, listAlerts, serializeAlert, updateAlert } from './alerts.ts';
export { ALERT_DIGEST_QUEUE, runAlerts } from './run-alerts.ts';
