-- Single sign-on by construction (docs/decisions/0402-sso-domain-proof.md):
--  * a client claims an email domain, and the claim counts only once proved by a DNS TXT record;
--  * the provider's subject (iss + sub) is linked to one user of the client at the first verified sign-in.

-- A client's claim on an email domain, pending until its TXT record `hh-verification=<token>` is found.
-- Pending claims of two clients may coexist (a claim alone must not let anyone squat a domain); a
-- proved claim also takes the domain's row in sso_domains, whose primary key lets one client only.
CREATE TABLE sso_domain_claims (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  domain text NOT NULL,
  token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  verified_at timestamptz,
  PRIMARY KEY (client_id, domain)
);

-- The domains saved so far were never proved: they become pending claims, and none routes a sign-in.
INSERT INTO sso_domain_claims (client_id, domain, token)
SELECT s.client_id, d.domain, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
  FROM client_sso_settings s, unnest(s.email_domains) AS d(domain)
ON CONFLICT DO NOTHING;
DELETE FROM sso_domains;
ALTER TABLE client_sso_settings DROP COLUMN email_domains;

-- The provider's subject of a user of the client (OpenID Connect Core §5.7: iss + sub is the stable
-- identifier; an address can change hands). One link per user and client.
CREATE TABLE sso_identities (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, issuer, subject)
);
CREATE UNIQUE INDEX sso_identities_user_key ON sso_identities (client_id, user_id);
