export { createAlert, listAlerts, serializeAlert, updateAlert } from './alerts.ts';
