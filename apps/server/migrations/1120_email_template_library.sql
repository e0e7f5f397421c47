-- Email templates are the client's own library: any name, unique per client whatever its case
-- ("Welcome" and "welcome" are one template). The six system mail names keep their exact-name key
-- (saving one of those again replaces it).
CREATE UNIQUE INDEX email_templates_name_ci_key ON email_templates (client_id, lower(name));
