/** What other features use of the SAP import: its settings screen, shown on the client's integrations page. */
export { SapImportSettings } from './SapImportSettings.tsx';
