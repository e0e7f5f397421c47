-- SAP SuccessFactors requisition import (docs/sap-import.md): the client's OData connection and
-- schedule. Requisitions are imported through the job import pipeline (job_imports), so an import
-- from SAP is a job_imports row whose source is 'sap'. Tenant table: client_id leads its key.

ALTER TABLE job_imports DROP CONSTRAINT job_imports_source_check;
ALTER TABLE job_imports ADD CONSTRAINT job_imports_source_check CHECK (source IN ('file', 'feed', 'sap'));

-- One row per client. The password is sealed (AES-256-GCM, lib/secret-box.ts) and never returned to the portal.
CREATE TABLE sap_import_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- The OData v2 service root, such as https://api4.successfactors.com/odata/v2
  base_url text NOT NULL,
  company_id text NOT NULL,
  username text NOT NULL,
  password_sealed text NOT NULL,
  schedule text NOT NULL DEFAULT 'off' CHECK (schedule IN ('off', 'hourly', 'daily')),
  last_scheduled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id)
);
